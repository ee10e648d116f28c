package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.stragglers.StragglerPattern;
import scala.Tuple2;

/**
 * The ctr workload through spark.ml's multinomial logistic regression ({@code --ctr-path
 * estimator}): every row fits the same objective with the same settings (family multinomial, no
 * intercept, no standardization, regParam 0, maxIter the bench's iterations, tol 0, so no
 * convergence stop ends a run early). The {@code mllib...} rows run Spark's own {@link
 * LogisticRegression} (L-BFGS); the FlexCode rows run {@link FlexCodeLogisticRegression} with their
 * strategy and solver auto, which is the same L-BFGS for exact strategies (bsp, frc, cyclic,
 * shadow, steal) and gradient descent with the bench's step (step / sqrt(t)) for approximate ones.
 *
 * <p>A row's loss history is the fit's {@code objectiveHistory}: the mean softmax log-loss at the
 * start and after each L-BFGS iteration. A row's "iteration" in the timing columns is one loss and
 * gradient evaluation (one treeAggregate job of Spark's fit, one engine aggregation of FlexCode's);
 * an L-BFGS iteration takes one or more (its line search). Each history entry is placed at the end
 * of the evaluation that computed it ({@link #evaluationsOf}, {@link #latestEvaluations}).
 */
final class EstimatorPath {

  private final Dataset<Row> frame;
  private final double step;

  /** The path over {@code data}, cached as a spark.ml frame with its partitions. */
  EstimatorPath(JavaRDD<Tuple2<Object, Vector>> data, double step) {
    this.frame = frameOf(data).cache();
    this.frame.count();
    this.step = step;
  }

  /** A FlexCode row's run with {@code strategy}: its engine records and objective history. */
  Workload.Trace run(AggregationStrategy strategy, int iterations) {
    List<IterationRecord> records = new ArrayList<>();
    List<Double> evaluated = new ArrayList<>();
    FlexCodeLogisticRegression estimator =
        new FlexCodeLogisticRegression()
            .setStrategy(strategy.spec())
            .setSolver("auto")
            .setStepSize(step)
            .setIterationListener(
                (iteration, loss, record) -> {
                  records.add(record);
                  evaluated.add(loss);
                });
    configure(estimator, iterations);
    double[] history = estimator.fit(frame).summary().objectiveHistory();
    double[] losses = evaluated.stream().mapToDouble(Double::doubleValue).toArray();
    return new Workload.Trace(records, history, null, evaluationsOf(losses, history));
  }

  /**
   * Spark's own {@link LogisticRegression} on {@code input} (the straggler-wrapped data, which
   * Spark's fit caches as its blocks): its objective history.
   */
  double[] spark(JavaRDD<Tuple2<Object, Vector>> input, int iterations) {
    LogisticRegression estimator = new LogisticRegression();
    configure(estimator, iterations);
    LogisticRegressionModel model = estimator.fit(frameOf(input));
    return model.summary().objectiveHistory();
  }

  /** The settings every row of the path fits with. */
  private static void configure(LogisticRegression estimator, int iterations) {
    estimator
        .setFamily("multinomial")
        .setFitIntercept(false)
        .setStandardization(false)
        .setRegParam(0.0)
        .setMaxIter(iterations)
        .setTol(0.0);
  }

  private static Dataset<Row> frameOf(JavaRDD<Tuple2<Object, Vector>> data) {
    SparkSession spark = SparkSession.builder().sparkContext(data.context()).getOrCreate();
    JavaRDD<LabeledPoint> points =
        data.map(p -> new LabeledPoint(((Number) p._1()).doubleValue(), p._2().asML()));
    return spark.createDataFrame(points, LabeledPoint.class);
  }

  /**
   * The evaluation (index into {@code evaluated}, the loss of every evaluation in order) that
   * computed each entry of {@code history}: the next evaluation with exactly the entry's value (the
   * solver keeps the value of the point it accepts); where none has it (gradient descent's history
   * on an approximate strategy), the evaluation at the same index, or the last; null without
   * evaluations.
   */
  static int[] evaluationsOf(double[] evaluated, double[] history) {
    if (evaluated.length == 0) {
      return null;
    }
    int[] at = new int[history.length];
    int next = 0;
    for (int k = 0; k < history.length; k++) {
      int found = -1;
      for (int j = next; j < evaluated.length && found < 0; j++) {
        if (Double.compare(evaluated[j], history[k]) == 0) {
          found = j;
        }
      }
      at[k] = found >= 0 ? found : Math.min(Math.max(k, next), evaluated.length - 1);
      next = found >= 0 ? found + 1 : next;
    }
    return at;
  }

  /**
   * For a fit whose evaluation losses are not observable (Spark's own), the latest evaluation that
   * can have computed each of {@code entries} history entries out of {@code evaluations}: entry 0
   * is the first evaluation and each L-BFGS iteration takes at least one, so entry k comes from
   * evaluation k to k + (evaluations - entries); the last entry from the last evaluation.
   */
  static int[] latestEvaluations(int evaluations, int entries) {
    int extra = Math.max(0, evaluations - entries);
    int[] at = new int[entries];
    Arrays.setAll(at, k -> Math.max(0, Math.min(k + extra, evaluations - 1)));
    return at;
  }

  /**
   * Fails when {@code --ctr-path estimator} is asked for under a straggler pattern: Spark's fit
   * caches its blocks, so the bench's input wrapper holds back only its first pass, not its
   * iterations, and the rows would not run under the same pattern.
   */
  static void checkPatterns(String ctrPath, List<StragglerPattern> patterns) {
    for (StragglerPattern p : patterns) {
      if (ctrPath.equals("estimator") && !p.equals(StragglerPattern.ideal())) {
        throw new IllegalArgumentException(
            "--ctr-path estimator runs --pattern ideal only (Spark's LogisticRegression caches its"
                + " blocks, so no row's iterations can be held back alike), got --pattern "
                + p.spec());
      }
    }
  }

  /** Releases the cached frame. */
  void close() {
    frame.unpersist(false);
  }
}
