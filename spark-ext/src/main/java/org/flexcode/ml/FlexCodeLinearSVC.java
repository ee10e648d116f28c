package org.flexcode.ml;

import org.apache.spark.ml.classification.LinearSVC;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Dataset;
import org.flexcode.optim.LinearModelTrainer;
import org.flexcode.spark.internal.SparkLinearModels;
import org.flexcode.workloads.internal.MarginLoss;

/**
 * A drop-in for spark.ml's {@link LinearSVC} whose every gradient is aggregated by a FlexCode
 * strategy. It fits spark.ml's objective (mean weighted hinge loss on standardized features plus
 * regParam / 2 ||c||^2, the penalty on the original coefficients when standardization is off) with
 * OWL-QN as spark.ml runs it, and returns Spark's own {@link LinearSVCModel} with its training
 * summary, so {@code transform}, {@code save}/{@code LinearSVCModel.load}, {@code Pipeline} and
 * {@code CrossValidator} work unchanged.
 *
 * <p>Supported Spark params: maxIter, regParam, tol, fitIntercept, standardization, weightCol,
 * threshold, featuresCol, labelCol, predictionCol, rawPredictionCol. Labels other than 0 and 1 are
 * rejected with a clear error; aggregationDepth and maxBlockSizeInMB do not apply and are ignored.
 * Own params: the {@link FlexCodeParams} every FlexCode Estimator shares; {@code stepSize} (gd's
 * initial step, step / sqrt(t)) defaults to 1.0.
 */
public class FlexCodeLinearSVC extends LinearSVC
    implements FlexCodeLinearParams<FlexCodeLinearSVC> {

  private static final long serialVersionUID = 1L;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  public FlexCodeLinearSVC() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLinearsvc"));
  }

  public FlexCodeLinearSVC(String uid) {
    super(uid);
    FlexCodeParamSet.setDefaults(this, 1.0);
  }

  @Override
  public FlexCodeLinearSVC copy(ParamMap extra) {
    return (FlexCodeLinearSVC) defaultCopy(extra);
  }

  @Override
  public LinearSVCModel train(Dataset<?> dataset) {
    String weightCol = isDefined(weightCol()) ? getWeightCol() : "";
    try (TrainingFrame frame =
        TrainingFrame.of(dataset, getLabelCol(), getFeaturesCol(), weightCol)) {
      double[] counts = frame.classWeights();
      if (counts.length > 2) {
        throw new IllegalArgumentException(
            "FlexCodeLinearSVC is binary: labels must be 0 or 1, but column "
                + getLabelCol()
                + " holds "
                + (counts.length - 1));
      }
      LinearModelTrainer.Problem problem =
          new LinearModelTrainer.Problem(
              MarginLoss.hinge(), frame.mean, frame.std, null, "svc", true);
      LinearFit.Settings settings =
          new LinearFit.Settings(
              getMaxIter(), getTol(), getRegParam(), 0.0, getFitIntercept(), getStandardization());
      LinearModelTrainer.Fit fit =
          LinearFit.run(this, frame, problem, settings, dataset.sparkSession());
      LinearSVCModel model =
          SparkLinearModels.linearSvcModel(
              uid(), Vectors.dense(fit.coefficients()).compressed(), fit.intercepts()[0]);
      copyValues(model, ParamMap.empty());
      attachSummary(model, dataset, fit.objectiveHistory());
      return model;
    }
  }

  private void attachSummary(LinearSVCModel model, Dataset<?> dataset, double[] history) {
    LinearSVCModel summaryModel = model.copy(ParamMap.empty());
    String rawPredictionCol =
        getRawPredictionCol().isEmpty() ? "rawPrediction_" + uid() : getRawPredictionCol();
    String predictionCol =
        getPredictionCol().isEmpty() ? "prediction_" + uid() : getPredictionCol();
    summaryModel.setRawPredictionCol(rawPredictionCol).setPredictionCol(predictionCol);
    SparkLinearModels.attachLinearSvcSummary(
        model,
        summaryModel.transform(dataset),
        new String[] {rawPredictionCol, predictionCol, getLabelCol()},
        isDefined(weightCol()) ? getWeightCol() : "",
        history);
  }

  /** Loads a saved Estimator. */
  public static FlexCodeLinearSVC load(String path) {
    return (FlexCodeLinearSVC) LinearSVC.load(path);
  }

  @Override
  public FlexCodeParamSet flexCodeParams() {
    flexCodeParams = FlexCodeParamSet.ensure(flexCodeParams, this);
    return flexCodeParams;
  }
}
