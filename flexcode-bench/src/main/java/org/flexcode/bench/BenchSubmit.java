package org.flexcode.bench;

import org.flexcode.cli.FlexCodeSubmit;

/**
 * The entry point of {@code submit-scripts/flexcode-submit bench} and {@code simulate} (and {@code
 * spark-submit --class org.flexcode.bench.BenchSubmit flexcode-bench.jar [options]}): runs the
 * bench on its options.
 */
public final class BenchSubmit {

  private BenchSubmit() {}

  /** Runs the bench; exits with its code when that is not 0. */
  public static void main(String[] args) {
    int code = run(args);
    if (code != 0) {
      System.exit(code);
    }
  }

  /**
   * Runs the bench on {@code options} ({@code simulate ...}: the model's scale table, {@link
   * SimulateCommand}); returns the exit code (0 ok, 1 failed).
   */
  public static int run(String[] options) {
    if (options.length > 0 && options[0].equals("simulate")) {
      String[] rest = java.util.Arrays.copyOfRange(options, 1, options.length);
      return FlexCodeSubmit.runCommand("simulate", SimulateCommand::run, rest);
    }
    return FlexCodeSubmit.runCommand("bench", BenchJob::run, options);
  }
}
