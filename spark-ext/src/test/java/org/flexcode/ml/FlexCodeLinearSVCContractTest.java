package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;

/** The Estimator contract for {@link FlexCodeLinearSVC}, on 200 noisy 3-d points. */
@Tag("spark")
class FlexCodeLinearSVCContractTest extends FlexCodeEstimatorContractTest<FlexCodeLinearSVC> {

  @Override
  FlexCodeLinearSVC create() {
    return new FlexCodeLinearSVC();
  }

  @Override
  FlexCodeLinearSVC quick(FlexCodeLinearSVC estimator) {
    estimator.setMaxIter(15);
    return estimator;
  }

  @Override
  Dataset<Row> data(SparkSession spark) {
    return FlexCodeLinearSVCTest.separable(spark, 200, 1).repartition(4);
  }

  @Override
  FlexCodeLinearSVC load(String path) {
    return FlexCodeLinearSVC.load(path);
  }

  @Override
  Evaluator evaluator() {
    return new BinaryClassificationEvaluator();
  }

  @Override
  double defaultStepSize() {
    return 1.0;
  }

  @Override
  void checkModel(Model<?> model, Dataset<Row> data, String strategy) {
    LinearSVCModel svc = assertInstanceOf(LinearSVCModel.class, model);
    double accuracy =
        (double) svc.transform(data).filter("prediction = label").count() / data.count();
    assertTrue(accuracy >= 0.85, strategy + ": accuracy " + accuracy);
  }
}
