package org.flexcode.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.when;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
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
 * the last {@code spark.flexcode.history}; at 100, 1,000, 10,000 and 100,000 iterations it collects
 * garbage and prints the live heap.
 *
 * <p>Usage: {@code submit-scripts/run-class org.flexcode.bench.HistorySoak [iterations] [data]
 * [jsonl]} (defaults 100000, datasets/a9a/a9a, soak.jsonl; local[*]).
 */
public final class HistorySoak {

  private static final Set<Integer> CHECKPOINTS = Set.of(100, 1_000, 10_000, 100_000);

  private HistorySoak() {}

  /** Runs the soak. */
  public static void main(String[] argv) throws Exception {
    int iterations = argv.length > 0 ? Integer.parseInt(argv[0]) : 100_000;
    String data = argv.length > 1 ? argv[1] : "datasets/a9a/a9a";
    Path jsonl = Path.of(argv.length > 2 ? argv[2] : "soak.jsonl");
    SparkSession spark =
        SparkSession.builder()
            .master(System.getProperty("spark.master", "local[*]"))
            .appName("history soak")
            .config("spark.ui.enabled", "false")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Dataset<Row> frame =
        spark
            .read()
            .format("libsvm")
            .load(data)
            .withColumn("label", when(col("label").gt(0), 1.0).otherwise(0.0))
            .cache();
    frame.count();
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long start = System.currentTimeMillis();
    try (RunReport report = new RunReport("soak", "bsp", Map.of())) {
      report.streamTo(jsonl);
      FlexCodeLogisticRegression lr =
          new FlexCodeLogisticRegression()
              .setStrategy("bsp")
              .setSolver("gd")
              .setIterationListener(
                  (it, loss, record) -> {
                    report.addIteration(record, loss);
                    if (CHECKPOINTS.contains(it + 1)) {
                      System.gc();
                      System.gc();
                      System.out.printf(
                          "iteration %d: live heap %.1f MB, rows kept %d, %.0f s%n",
                          it + 1,
                          memory.getHeapMemoryUsage().getUsed() / 1e6,
                          report.rowsKept(),
                          (System.currentTimeMillis() - start) / 1e3);
                    }
                  });
      lr.setMaxIter(iterations).setTol(0.0);
      lr.fit(frame);
    }
    spark.stop();
  }
}
