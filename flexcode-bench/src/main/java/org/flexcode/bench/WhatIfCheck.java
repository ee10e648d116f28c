package org.flexcode.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * The fits of {@code submit-scripts/whatif-check}, in one application: Spark's own {@link
 * LogisticRegression}, then the drop-in {@link FlexCodeLogisticRegression} under each strategy
 * asked ({@code default}: no strategy set), all with the same params, on a LIBSVM file repeated
 * {@code copies} times in {@code partitions} partitions. Before the fits it waits for {@code
 * executors} executors, writes the application id to {@code <handshake>/app-id} and waits for
 * {@code <handshake>/go} (the script slows an executor in between). Prints one line per fit: its
 * name, wall time, objective history length, final loss, and start and end (epoch ms), separated by
 * {@code |}.
 *
 * <p>Usage: {@code submit-scripts/run-class org.flexcode.bench.WhatIfCheck data copies partitions
 * maxIter executors handshake-dir strategy[,strategy...]}; master and event log from {@code
 * -Dspark.*}.
 */
public final class WhatIfCheck {

  private static final long WAIT_MS = 180_000;

  private WhatIfCheck() {}

  /** Runs the fits. */
  public static void main(String[] argv) throws Exception {
    if (argv.length != 7) {
      throw new IllegalArgumentException(
          "usage: WhatIfCheck data copies partitions maxIter executors handshake-dir strategies");
    }
    int copies = Integer.parseInt(argv[1]);
    int partitions = Integer.parseInt(argv[2]);
    int maxIter = Integer.parseInt(argv[3]);
    Path handshake = Path.of(argv[5]);
    SparkSession spark = LocalSpark.session("whatif-check", "local[*]", "WARN");
    awaitExecutors(spark, Integer.parseInt(argv[4]));
    Files.writeString(handshake.resolve("app-id"), spark.sparkContext().applicationId() + "\n");
    awaitFile(handshake.resolve("go"));
    Dataset<Row> frame = repeated(spark, argv[0], copies).repartition(partitions);
    fit("spark.ml LogisticRegression", new LogisticRegression(), frame, maxIter);
    for (String strategy : argv[6].split(",")) {
      FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression();
      String name = "FlexCodeLogisticRegression " + strategy;
      if (strategy.equals("default")) {
        name += " (" + StrategyDefaults.STRATEGY + ")";
      } else {
        lr.setStrategy(strategy);
      }
      fit(name, lr, frame, maxIter);
    }
    spark.stop();
  }

  private static Dataset<Row> repeated(SparkSession spark, String path, int copies) {
    Dataset<Row> one = LocalSpark.binaryFrame(spark, path);
    Dataset<Row> all = one;
    for (int i = 1; i < copies; i++) {
      all = all.union(one);
    }
    return all;
  }

  private static void fit(String name, LogisticRegression lr, Dataset<Row> frame, int maxIter) {
    lr.setMaxIter(maxIter);
    long start = System.currentTimeMillis();
    LogisticRegressionModel model = lr.fit(frame);
    long end = System.currentTimeMillis();
    double[] history = model.summary().objectiveHistory();
    System.out.printf(
        Locale.ROOT,
        "fit: %s | %d ms | %d loss values | loss %.6f | %d | %d%n",
        name,
        end - start,
        history.length,
        history[history.length - 1],
        start,
        end);
  }

  private static void awaitExecutors(SparkSession spark, int executors)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + WAIT_MS;
    // The driver is one of the status tracker's executors.
    while (spark.sparkContext().statusTracker().getExecutorInfos().length < executors + 1) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("fewer than " + executors + " executors registered");
      }
      Thread.sleep(200);
    }
  }

  private static void awaitFile(Path file) throws InterruptedException {
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (!Files.exists(file)) {
      if (System.currentTimeMillis() > deadline) {
        throw new UncheckedIOException(
            new IOException("no " + file + " within " + WAIT_MS + " ms"));
      }
      Thread.sleep(100);
    }
  }
}
