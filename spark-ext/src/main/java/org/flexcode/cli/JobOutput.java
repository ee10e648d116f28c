package org.flexcode.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregatorOptions;
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

  /**
   * The job's report, keeping the last {@code spark.flexcode.history} rows (default 1,000) in
   * memory; with a local {@code --report FILE}, every row streams as it happens to {@code
   * FILE.iterations.jsonl} (one JSON object a line). A report on a Hadoop path (hdfs://, s3a://)
   * keeps the last rows only.
   */
  static RunReport newReport(
      Args args, SparkSession spark, String job, String strategy, Map<String, Object> params)
      throws IOException {
    String key = AggregatorOptions.PREFIX + "history";
    String value = spark.conf().get(key, Integer.toString(RunReport.DEFAULT_HISTORY)).trim();
    int history;
    try {
      history = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, got '" + value + "'", e);
    }
    RunReport report = new RunReport(job, strategy, params, history);
    String path = args.has("report") ? args.required("report") + ".iterations.jsonl" : null;
    if (path != null && isLocal(path)) {
      report.streamTo(path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path));
    }
    return report;
  }

  /**
   * Checks {@code --model-out} and {@code --report} before any training: the model directory must
   * not exist yet and its parent must; the report's parent must be an existing directory and the
   * report itself not a directory. Paths with a scheme (hdfs://, s3a://) are left to Hadoop.
   *
   * @throws IllegalArgumentException naming the flag and the path
   */
  static void checkDestinations(Args args) {
    if (args.has("model-out")) {
      String out = args.required("model-out");
      if (isLocal(out)) {
        Path dir = Path.of(out).toAbsolutePath();
        if (Files.exists(dir)) {
          throw new IllegalArgumentException(
              "--model-out " + out + ": already exists; remove it or choose a new directory");
        }
        checkParent("--model-out", out, dir);
      }
    }
    if (args.has("report")) {
      String out = args.required("report");
      if (isLocal(out)) {
        Path file = Path.of(out).toAbsolutePath();
        if (Files.isDirectory(file)) {
          throw new IllegalArgumentException("--report " + out + ": is a directory, not a file");
        }
        checkParent("--report", out, file);
      }
    }
  }

  private static void checkParent(String flag, String given, Path path) {
    Path parent = path.getParent();
    if (parent == null) {
      return;
    }
    if (Files.isRegularFile(parent)) {
      throw new IllegalArgumentException(
          flag + " " + given + ": " + parent + " is a regular file, not a directory");
    }
    if (!Files.isDirectory(parent)) {
      throw new IllegalArgumentException(
          flag + " " + given + ": the directory " + parent + " does not exist; create it first");
    }
  }

  private static boolean isLocal(String path) {
    return !path.contains("://") || path.startsWith("file://");
  }

  /**
   * Ends a job: saves the model (if asked), prints the summary, writes the report (even when the
   * save failed), then throws the save's error if there was one; returns the exit code 0.
   */
  static int finish(Args args, RunReport report, MLWritable model) {
    RuntimeException saveError = saveModel(args, model);
    System.out.println("summary: " + report.summary());
    writeReport(args, report);
    if (saveError != null) {
      throw saveError;
    }
    return 0;
  }

  /**
   * Saves {@code model} (Spark's own format) where {@code --model-out} says, if it is given;
   * returns the failure (naming the path and its cause) instead of throwing, so the caller can
   * still write the report before failing, or null.
   */
  static RuntimeException saveModel(Args args, MLWritable model) {
    if (!args.has("model-out")) {
      return null;
    }
    String out = args.required("model-out");
    try {
      model.save(out);
      return null;
    } catch (IOException | RuntimeException e) {
      return new IllegalArgumentException(
          "cannot save the model to " + out + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes {@code report} where {@code --report} says, if it is given, and prints the path: a local
   * path directly, a path with a scheme (hdfs://, s3a://, file://) through Hadoop's FileSystem with
   * the running session's Hadoop configuration.
   */
  static void writeReport(Args args, RunReport report) {
    if (!args.has("report")) {
      return;
    }
    String out = args.required("report");
    try {
      if (out.contains("://")) {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(out);
        FileSystem fs =
            file.getFileSystem(SparkSession.active().sparkContext().hadoopConfiguration());
        if (file.getParent() != null) {
          fs.mkdirs(file.getParent());
        }
        try (OutputStream stream = fs.create(file, true)) {
          report.write(stream);
        }
        System.out.println("report: " + out);
      } else {
        Path file = Path.of(out);
        report.write(file);
        System.out.println("report: " + file.toAbsolutePath());
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot write the report to " + out + ": " + e.getMessage(), e);
    }
  }
}
