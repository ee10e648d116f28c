package org.flexcode.ml;

import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.regression.LinearRegression;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Dataset;
import org.flexcode.optim.LinearModelTrainer;
import org.flexcode.spark.internal.SparkLinearModels;
import org.flexcode.workloads.internal.MarginLoss;

/**
 * A drop-in for spark.ml's {@link LinearRegression} on its {@code l-bfgs} path whose every gradient
 * is aggregated by a FlexCode strategy. It fits spark.ml's objective (squared loss in the scaled
 * label space y / std(y), features standardized, regParam / std(y) as the effective elastic-net
 * penalty, OWL-QN for the L1 part, intercept in closed form as glmnet) and returns Spark's own
 * {@link LinearRegressionModel} with the training summary Spark's l-bfgs path attaches, so {@code
 * transform}, {@code save}/{@code LinearRegressionModel.load}, {@code Pipeline} and {@code
 * CrossValidator} work unchanged.
 *
 * <p>Supported Spark params: maxIter, regParam, elasticNetParam, tol, fitIntercept,
 * standardization, weightCol, featuresCol, labelCol, predictionCol, and solver: {@code auto} or
 * {@code l-bfgs} (this is also the shared FlexCode {@code solver} param: approximate strategies
 * need {@code auto}, which then runs gradient descent). Rejected with a clear error: solver {@code
 * normal} and loss {@code huber}; aggregationDepth and maxBlockSizeInMB do not apply and are
 * ignored. Own params: the {@link FlexCodeParams} every FlexCode Estimator shares; {@code stepSize}
 * (gd's initial step, step / sqrt(t)) defaults to 0.5.
 */
public class FlexCodeLinearRegression extends LinearRegression
    implements FlexCodeLinearParams<FlexCodeLinearRegression> {

  private static final long serialVersionUID = 1L;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  public FlexCodeLinearRegression() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLinReg"));
  }

  public FlexCodeLinearRegression(String uid) {
    super(uid);
    FlexCodeParamSet.setDefaults(this, 0.5);
  }

  @Override
  public FlexCodeLinearRegression copy(ParamMap extra) {
    return (FlexCodeLinearRegression) defaultCopy(extra);
  }

  /** Sets Spark's {@code solver} (auto, l-bfgs; normal is refused by {@code fit}). */
  @Override
  public FlexCodeLinearRegression setSolver(String value) {
    set(solver(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  @Override
  public LinearRegressionModel train(Dataset<?> dataset) {
    rejectUnsupported();
    flexCodeParams().lastTrainingReport = List.of();
    String weightCol = isDefined(weightCol()) ? getWeightCol() : "";
    try (TrainingFrame frame =
        TrainingFrame.of(dataset, getLabelCol(), getFeaturesCol(), weightCol)) {
      double yMean = frame.labelMean;
      if (frame.labelStd == 0 && (getFitIntercept() || yMean == 0)) {
        return withSummary(
            Vectors.sparse(frame.numFeatures(), new int[0], new double[0]),
            yMean,
            dataset,
            new double[] {0.0});
      }
      double yStd = frame.labelStd > 0 ? frame.labelStd : Math.abs(yMean);
      LinearModelTrainer.Problem problem =
          new LinearModelTrainer.Problem(
              MarginLoss.squared(yStd),
              frame.mean,
              frame.std,
              new double[] {yMean / yStd},
              "linreg",
              false);
      LinearFit.Settings settings =
          new LinearFit.Settings(
              getMaxIter(),
              getTol(),
              getRegParam() / yStd,
              getElasticNetParam(),
              getFitIntercept(),
              getStandardization());
      LinearModelTrainer.Fit fit =
          LinearFit.run(this, frame, problem, settings, dataset.sparkSession());
      double[] coefficients = fit.coefficients();
      double intercept = yMean;
      for (int j = 0; j < coefficients.length; j++) {
        coefficients[j] *= yStd;
        intercept -= coefficients[j] * frame.mean[j];
      }
      return withSummary(
          Vectors.dense(coefficients).compressed(),
          getFitIntercept() ? intercept : 0.0,
          dataset,
          fit.objectiveHistory());
    }
  }

  /** Spark's model with this Estimator's params and the summary Spark's l-bfgs path attaches. */
  private LinearRegressionModel withSummary(
      Vector coefficients, double intercept, Dataset<?> dataset, double[] history) {
    LinearRegressionModel model =
        SparkLinearModels.linearRegressionModel(uid(), coefficients, intercept);
    copyValues(model, ParamMap.empty());
    SparkLinearModels.attachLinearRegressionSummary(model, dataset, history);
    return model;
  }

  private void rejectUnsupported() {
    if (getSolver().equals("normal")) {
      throw new IllegalArgumentException(
          "FlexCodeLinearRegression runs the l-bfgs path: solver must be auto or l-bfgs, got"
              + " normal (the normal equations are one pass, use Spark's LinearRegression)");
    }
    if (!getLoss().equals("squaredError")) {
      throw new IllegalArgumentException(
          "FlexCodeLinearRegression supports loss squaredError, got "
              + getLoss()
              + " (huber fits its scale under bounds, which needs L-BFGS-B)");
    }
  }

  /** Loads a saved Estimator. */
  public static FlexCodeLinearRegression load(String path) {
    return (FlexCodeLinearRegression) LinearRegression.load(path);
  }

  @Override
  public FlexCodeParamSet flexCodeParams() {
    flexCodeParams = FlexCodeParamSet.ensure(flexCodeParams, this);
    return flexCodeParams;
  }
}
