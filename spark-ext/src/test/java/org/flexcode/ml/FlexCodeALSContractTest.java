package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.ml.Model;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;

/** The Estimator contract for {@link FlexCodeALS}, on a 20 x 15 rank-2 matrix, half observed. */
@Tag("spark")
class FlexCodeALSContractTest extends FlexCodeEstimatorContractTest<FlexCodeALS> {

  @Override
  FlexCodeALS create() {
    return new FlexCodeALS();
  }

  @Override
  FlexCodeALS quick(FlexCodeALS estimator) {
    estimator.setRank(2).setMaxIter(40).setRegParam(0.001).setSeed(3L);
    estimator.setColdStartStrategy("drop");
    return estimator;
  }

  @Override
  Dataset<Row> data(SparkSession spark) {
    return FlexCodeALSTest.lowRankRatings(spark, 20, 15);
  }

  @Override
  FlexCodeALS load(String path) {
    return FlexCodeALS.load(path);
  }

  @Override
  Evaluator evaluator() {
    return new RegressionEvaluator().setLabelCol("rating");
  }

  @Override
  double defaultStepSize() {
    return 0.8;
  }

  @Override
  void checkModel(Model<?> model, Dataset<Row> data, String strategy) {
    ALSModel als = assertInstanceOf(ALSModel.class, model);
    double rmse = new RegressionEvaluator().setLabelCol("rating").evaluate(als.transform(data));
    assertTrue(rmse < 0.5, strategy + ": training RMSE " + rmse);
  }
}
