package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;
import scala.Tuple2;

/**
 * The ctr workload's FlexCode rows trained through the multinomial {@link
 * FlexCodeLogisticRegression} ({@code --ctr-path estimator}) instead of MLlib's LogisticGradient:
 * family multinomial, no intercept, no standardization, regParam 0, solver gd with the bench's step
 * and iterations and no convergence stop, so the objective (mean softmax log-loss) and the solver
 * (step / sqrt(t)) are the gd row's; only the parametrization differs (spark.ml fits one
 * coefficient set per class, MLlib pins class 0's at 0), so the losses agree as both converge.
 */
final class EstimatorPath {

  private final Dataset<Row> frame;
  private final double step;

  /** The path over {@code data}, cached as a spark.ml frame with its partitions. */
  EstimatorPath(JavaRDD<Tuple2<Object, Vector>> data, double step) {
    SparkSession spark = SparkSession.builder().sparkContext(data.context()).getOrCreate();
    JavaRDD<LabeledPoint> points =
        data.map(p -> new LabeledPoint(((Number) p._1()).doubleValue(), p._2().asML()));
    this.frame = spark.createDataFrame(points, LabeledPoint.class).cache();
    this.frame.count();
    this.step = step;
  }

  /** A row's run with {@code strategy}: its engine records and objective history. */
  Workload.Trace run(AggregationStrategy strategy, int iterations) {
    List<IterationRecord> records = new ArrayList<>();
    FlexCodeLogisticRegression estimator =
        new FlexCodeLogisticRegression()
            .setStrategy(strategy.spec())
            .setSolver("auto")
            .setStepSize(step)
            .setIterationListener((iteration, loss, record) -> records.add(record));
    estimator
        .setFamily("multinomial")
        .setFitIntercept(false)
        .setStandardization(false)
        .setRegParam(0.0)
        .setMaxIter(iterations)
        .setTol(0.0);
    LogisticRegressionModel model = estimator.fit(frame);
    return new Workload.Trace(records, model.summary().objectiveHistory());
  }

  /** Releases the cached frame. */
  void close() {
    frame.unpersist(false);
  }
}
