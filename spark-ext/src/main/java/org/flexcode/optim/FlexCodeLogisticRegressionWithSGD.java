package org.flexcode.optim;

import org.apache.spark.mllib.classification.LogisticRegressionModel;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SquaredL2Updater;
import org.apache.spark.mllib.regression.GeneralizedLinearAlgorithm;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.AggregationStrategy;

/**
 * MLlib's {@code LogisticRegressionWithSGD} (binary, labels 0/1, L2 updater) with the gradient
 * aggregated by a FlexCode strategy: {@code run(RDD<LabeledPoint>)} returns MLlib's own {@link
 * LogisticRegressionModel}. Defaults as MLlib's: stepSize 1.0, numIterations 100, regParam 0.01,
 * miniBatchFraction 1.0; configure through {@link #optimizer()}.
 */
public final class FlexCodeLogisticRegressionWithSGD
    extends GeneralizedLinearAlgorithm<LogisticRegressionModel> {

  private static final long serialVersionUID = 1L;

  private final FlexCodeGradientDescent optimizer =
      new FlexCodeGradientDescent(new LogisticGradient(), new SquaredL2Updater())
          .setStepSize(1.0)
          .setNumIterations(100)
          .setRegParam(0.01)
          .setMiniBatchFraction(1.0);

  /** Binary logistic regression with the given strategy. */
  public FlexCodeLogisticRegressionWithSGD(AggregationStrategy strategy) {
    optimizer.setStrategy(strategy);
  }

  @Override
  public FlexCodeGradientDescent optimizer() {
    return optimizer;
  }

  @Override
  public LogisticRegressionModel run(RDD<LabeledPoint> input) {
    if (validateData()) {
      LabeledPoint bad =
          input.toJavaRDD().filter(p -> p.label() != 0.0 && p.label() != 1.0).take(1).stream()
              .findFirst()
              .orElse(null);
      if (bad != null) {
        throw new IllegalArgumentException(
            "binary logistic regression needs labels 0 or 1, found " + bad.label() + " in " + bad);
      }
    }
    return super.run(input);
  }

  @Override
  public LogisticRegressionModel createModel(Vector weights, double intercept) {
    return new LogisticRegressionModel(weights, intercept);
  }
}
