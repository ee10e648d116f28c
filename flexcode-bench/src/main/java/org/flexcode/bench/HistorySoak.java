package org.flexcode.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.metrics.RunReport;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * A driver-memory soak: {@link FlexCodeLogisticRegression} with gradient descent (bsp, tol 0) for
 * many iterations, every record added to a {@link RunReport} that streams to JSON lines and keeps
 * the last {@code spark.flexcode.history}; at 100, 1,000, 10,000, 50,000 and 100,000 iterations it
 * collects garbage and prints the live heap and the iteration rate since the previous checkpoint.
 *
 * <p>Usage: {@code submit-scripts/run-class org.flexcode.bench.HistorySoak [iterations] [data]
 * [jsonl] [tasks]} (defaults 100000, datasets/a9a/a9a, soak.jsonl, 0 = one task per core; master
 * from {@code -Dspark.master}, default local[*]).
 */
public final class HistorySoak {

  private static final Set<Integer> CHECKPOINTS = Set.of(100, 1_000, 10_000, 50_000, 100_000);

  private HistorySoak() {}

  /** Runs the soak. */
  public static void main(String[] argv) throws Exception {
    int iterations = argv.length > 0 ? Integer.parseInt(argv[0]) : 100_000;
    String data = argv.length > 1 ? argv[1] : "datasets/a9a/a9a";
    Path jsonl = Path.of(argv.length > 2 ? argv[2] : "soak.jsonl");
    int tasks = argv.length > 3 ? Integer.parseInt(argv[3]) : 0;
    SparkSession spark = LocalSpark.session("history soak", "local[*]", "WARN");
    Dataset<Row> frame = LocalSpark.cached(LocalSpark.binaryFrame(spark, data));
    long start = System.currentTimeMillis();
    long[] last = {start, 0};
    try (RunReport report = new RunReport("soak", "bsp", Map.of())) {
      report.streamTo(jsonl);
      FlexCodeLogisticRegression lr =
          new FlexCodeLogisticRegression()
              .setStrategy("bsp")
              .setSolver("gd")
              .setNumTasks(tasks)
              .setIterationListener(
                  (it, loss, record) -> {
                    report.addIteration(record, loss);
                    if (CHECKPOINTS.contains(it + 1)) {
                      checkpoint(it + 1, report, start, last);
                    }
                  });
      lr.setMaxIter(iterations).setTol(0.0);
      lr.fit(frame);
    }
    spark.stop();
  }

  /** Collects garbage, prints the live heap and the rate since {@code last} (ms, iteration). */
  private static void checkpoint(int done, RunReport report, long start, long[] last) {
    System.gc();
    System.gc();
    long now = System.currentTimeMillis();
    double rate = (done - last[1]) * 1e3 / Math.max(1, now - last[0]);
    System.out.printf(
        "iteration %d: live heap %.1f MB, rows kept %d, %.0f s, %.1f iterations/s%n",
        done,
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6,
        report.rowsKept(),
        (now - start) / 1e3,
        rate);
    last[0] = now;
    last[1] = done;
  }
}
