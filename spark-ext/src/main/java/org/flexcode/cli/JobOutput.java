package org.flexcode.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.spark.ml.util.MLWritable;
import org.flexcode.metrics.RunReport;
import org.flexcode.optim.IterationListener;

/** What the training jobs print and write: progress lines, the saved model, the JSON report. */
final class JobOutput {

  private JobOutput() {}

  /**
   * A listener that adds every aggregation to {@code report} and prints one line for it, the
   * objective shown as {@code lossFormat} (e.g. {@code "loss %.6f"}).
   */
  static IterationListener progress(RunReport report, String lossFormat) {
    String line = "iteration %d: %d ms, " + lossFormat + ", tasks used %d, cancelled %d%n";
    return (iteration, loss, record) -> {
      report.addIteration(record, loss);
      System.out.printf(
          Locale.ROOT,
          line,
          iteration,
          record.durationMs(),
          loss,
          record.usedTasks().size(),
          record.cancelledTasks().size());
    };
  }

  /** Saves {@code model} (Spark's own format) where {@code --model-out} says, if it is given. */
  static void saveModel(Args args, MLWritable model) {
    if (args.has("model-out")) {
      try {
        model.save(args.required("model-out"));
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot save the model to " + args.required("model-out"), e);
      }
    }
  }

  /** Writes {@code report} where {@code --report} says, if it is given, and prints the path. */
  static void writeReport(Args args, RunReport report) {
    if (args.has("report")) {
      Path file = Path.of(args.required("report"));
      try {
        report.write(file);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot write the report to " + file + ": " + e.getMessage(), e);
      }
      System.out.println("report: " + file.toAbsolutePath());
    }
  }
}
