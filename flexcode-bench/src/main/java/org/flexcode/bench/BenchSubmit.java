package org.flexcode.bench;

import org.flexcode.cli.FlexCodeSubmit;

/**
 * The entry point of {@code submit-scripts/flexcode-submit bench} (and {@code spark-submit --class
 * org.flexcode.bench.BenchSubmit flexcode-bench.jar [options]}): runs the bench on its options.
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

  /** Runs the bench on {@code options}; returns the exit code (0 ok, 1 failed). */
  public static int run(String[] options) {
    return FlexCodeSubmit.runCommand("bench", BenchJob::run, options);
  }
}
