package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * Side by side on one machine, in one run: {@link FlexCodeLogisticRegression} (a strategy, default
 * {@code cyclic}, default task count) and Spark's own {@link LogisticRegression} fitting the same
 * one-partition LIBSVM DataFrame (labels above 0 as 1, others 0), alternating, after one warm-up
 * fit of each; prints every fit's wall time, the medians and both final losses.
 *
 * <p>Usage: {@code submit-scripts/run-class org.flexcode.bench.OnePartitionLr [data] [repeats]
 * [strategy]} (defaults datasets/a9a/a9a, 3, cyclic; master {@code spark.master} or local[*]).
 */
public final class OnePartitionLr {

  private OnePartitionLr() {}

  /** Runs the comparison. */
  public static void main(String[] argv) {
    String data = argv.length > 0 ? argv[0] : "datasets/a9a/a9a";
    int repeats = argv.length > 1 ? Integer.parseInt(argv[1]) : 3;
    String strategy = argv.length > 2 ? argv[2] : "cyclic";
    SparkSession spark = LocalSpark.session("one-partition LR", "local[*]", "WARN");
    Dataset<Row> frame = LocalSpark.binaryFrame(spark, data).coalesce(1).cache();
    System.out.printf(
        "%s: %d rows in %d partition(s), %d cores%n",
        data,
        frame.count(),
        frame.rdd().getNumPartitions(),
        spark.sparkContext().defaultParallelism());
    FlexCodeLogisticRegression ours = new FlexCodeLogisticRegression().setStrategy(strategy);
    LogisticRegression theirs = new LogisticRegression();
    fit(ours, frame);
    fit(theirs, frame);
    List<Double> oursMs = new ArrayList<>();
    List<Double> theirsMs = new ArrayList<>();
    double[] loss = new double[2];
    for (int r = 1; r <= repeats; r++) {
      double[] a = fit(theirs, frame);
      double[] b = fit(ours, frame);
      theirsMs.add(a[0]);
      oursMs.add(b[0]);
      loss[0] = a[1];
      loss[1] = b[1];
      System.out.printf(
          "repeat %d: spark LR %.0f ms, FlexCode %s %.0f ms%n", r, a[0], strategy, b[0]);
    }
    System.out.printf(
        "median: spark LR %.0f ms (loss %.9f), FlexCode %s %.0f ms (loss %.9f)%n",
        median(theirsMs), loss[0], strategy, median(oursMs), loss[1]);
    spark.stop();
  }

  /** Fit wall time in ms and final training loss. */
  private static double[] fit(LogisticRegression lr, Dataset<Row> frame) {
    long t0 = System.nanoTime();
    LogisticRegressionModel model = lr.fit(frame);
    double ms = (System.nanoTime() - t0) / 1e6;
    double[] history = model.summary().objectiveHistory();
    return new double[] {ms, history[history.length - 1]};
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
