package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;

/** The Estimator contract for {@link FlexCodeLogisticRegression}, on 200 noisy 2-d points. */
@Tag("spark")
class FlexCodeLogisticRegressionContractTest
    extends FlexCodeEstimatorContractTest<FlexCodeLogisticRegression> {

  @Override
  FlexCodeLogisticRegression create() {
    return new FlexCodeLogisticRegression();
  }

  @Override
  FlexCodeLogisticRegression quick(FlexCodeLogisticRegression estimator) {
    estimator.setMaxIter(15);
    return estimator;
  }

  @Override
  Dataset<Row> data(SparkSession spark) {
    Random random = new Random(1);
    List<LabeledPoint> points = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      double x = random.nextGaussian();
      double y = random.nextGaussian();
      double label = x + 0.5 * y + 0.3 * random.nextGaussian() > 0 ? 1.0 : 0.0;
      points.add(new LabeledPoint(label, Vectors.dense(x, y)));
    }
    return spark.createDataFrame(points, LabeledPoint.class).repartition(4);
  }

  @Override
  FlexCodeLogisticRegression load(String path) {
    return FlexCodeLogisticRegression.load(path);
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
    LogisticRegressionModel lr = assertInstanceOf(LogisticRegressionModel.class, model);
    double accuracy =
        (double) lr.transform(data).filter("prediction = label").count() / data.count();
    assertTrue(accuracy >= 0.85, strategy + ": accuracy " + accuracy);
  }
}
