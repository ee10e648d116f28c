package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.testing.ProjectPaths;

/**
 * Gradient-descent fits of logistic regression on agaricus for the tests whose executors come and
 * go: the input read without a shuffle (so that no executor is kept for its shuffle output), each
 * fit's losses and iteration records, their recovery figures, and the comparison with a reference
 * fit.
 */
final class ChurnFits {

  private ChurnFits() {}

  /** A fit's strategy, model, loss history and iteration records. */
  record Fit(
      String strategy,
      LogisticRegressionModel model,
      List<Double> losses,
      List<IterationRecord> records) {

    int executorsLost() {
      return records.stream().mapToInt(IterationRecord::executorsLost).sum();
    }

    /**
     * The iterations (0-based) whose record shows recovery: executors lost, tasks resubmitted,
     * failed attempts or time recomputing lost shuffle output.
     */
    List<Integer> recoveryIterations() {
      return records.stream()
          .filter(
              r ->
                  r.executorsLost() > 0
                      || r.tasksResubmitted() > 0
                      || r.failedAttempts() > 0
                      || r.recomputeWaitMs() > 0)
          .map(IterationRecord::iteration)
          .toList();
    }

    /** One line: the totals, then each recovering iteration's figures. */
    String recoveryLine() {
      StringBuilder line =
          new StringBuilder(
              String.format(
                  "%s: %d iterations, executors lost %d, tasks resubmitted %d, failed attempts"
                      + " %d; iterations with recovery %s",
                  strategy,
                  records.size(),
                  executorsLost(),
                  records.stream().mapToInt(IterationRecord::tasksResubmitted).sum(),
                  records.stream().mapToInt(IterationRecord::failedAttempts).sum(),
                  recoveryIterations()));
      for (IterationRecord r : records) {
        if (recoveryIterations().contains(r.iteration())) {
          line.append(
              String.format(
                  "%n  iteration %d: executors lost %d, tasks resubmitted %d, failed attempts %d,"
                      + " recompute wait %d ms, used tasks %s",
                  r.iteration(),
                  r.executorsLost(),
                  r.tasksResubmitted(),
                  r.failedAttempts(),
                  r.recomputeWaitMs(),
                  r.usedTasks()));
        }
      }
      return line.toString();
    }
  }

  /** agaricus's training file in {@code partitions} partitions as read (no shuffle). */
  static Dataset<Row> agaricus(JavaSparkContext jsc, SparkSession spark, int partitions) {
    String path = ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString();
    return spark
        .createDataFrame(
            LibSvmReader.read(jsc, path, 126, partitions)
                .map(p -> new LabeledPoint(p.label(), p.features().asML())),
            LabeledPoint.class)
        .cache();
  }

  /**
   * A gradient-descent fit of {@code strategy} over {@code tasks} tasks, {@code iterations}
   * iterations (tol 0); {@code afterIteration} gets each iteration's 1-based number on the driver.
   */
  static Fit fit(
      Dataset<Row> frame, String strategy, int iterations, int tasks, IntConsumer afterIteration) {
    List<Double> losses = new ArrayList<>();
    List<IterationRecord> records = new ArrayList<>();
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression()
            .setStrategy(strategy)
            .setSolver("gd")
            .setNumTasks(tasks)
            .setIterationListener(
                (it, loss, record) -> {
                  losses.add(loss);
                  records.add(record);
                  afterIteration.accept(it + 1);
                });
    lr.setMaxIter(iterations).setTol(0.0).setRegParam(0.01);
    return new Fit(strategy, lr.fit(frame), losses, records);
  }

  /** {@code fit} ran every iteration and ended with {@code reference}'s loss and model (1e-9). */
  static void assertSameAs(Fit reference, Fit fit) {
    String name = fit.strategy() + " against " + reference.strategy();
    assertEquals(reference.losses().size(), fit.losses().size(), name + ": iterations run");
    assertEquals(
        reference.losses().get(reference.losses().size() - 1),
        fit.losses().get(fit.losses().size() - 1),
        1e-9,
        name + ": final loss");
    double[] a = reference.model().coefficients().toArray();
    double[] b = fit.model().coefficients().toArray();
    for (int i = 0; i < a.length; i++) {
      assertEquals(a[i], b[i], 1e-9, name + ": coefficient " + i);
    }
    assertEquals(
        reference.model().intercept(), fit.model().intercept(), 1e-9, name + ": intercept");
  }
}
