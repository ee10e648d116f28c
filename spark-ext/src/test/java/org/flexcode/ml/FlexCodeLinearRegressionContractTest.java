package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.ml.Model;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;

/** The Estimator contract for {@link FlexCodeLinearRegression}, on 200 noisy 3-d points. */
@Tag("spark")
class FlexCodeLinearRegressionContractTest
    extends FlexCodeEstimatorContractTest<FlexCodeLinearRegression> {

  @Override
  FlexCodeLinearRegression create() {
    return new FlexCodeLinearRegression();
  }

  @Override
  FlexCodeLinearRegression quick(FlexCodeLinearRegression estimator) {
    estimator.setMaxIter(15);
    return estimator;
  }

  @Override
  Dataset<Row> data(SparkSession spark) {
    return FlexCodeLinearRegressionTest.linear(spark, 200, 1).repartition(4);
  }

  @Override
  FlexCodeLinearRegression load(String path) {
    return FlexCodeLinearRegression.load(path);
  }

  @Override
  Evaluator evaluator() {
    return new RegressionEvaluator();
  }

  @Override
  double defaultStepSize() {
    return 0.5;
  }

  @Override
  String explicitSolver() {
    return "l-bfgs";
  }

  @Override
  void checkModel(Model<?> model, Dataset<Row> data, String strategy) {
    LinearRegressionModel linear = assertInstanceOf(LinearRegressionModel.class, model);
    double rmse = new RegressionEvaluator().evaluate(linear.transform(data));
    assertTrue(rmse < 0.5, strategy + ": rmse " + rmse);
  }
}
