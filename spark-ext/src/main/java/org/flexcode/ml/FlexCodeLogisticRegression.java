package org.flexcode.ml;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.flexcode.optim.LinearModelTrainer;
import org.flexcode.spark.internal.SparkLinearModels;
import org.flexcode.workloads.internal.MarginLoss;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A drop-in for spark.ml's {@link LogisticRegression}, binary and multinomial, whose every gradient
 * is aggregated by a FlexCode strategy. It inherits Spark's params, {@code copy} and persistence,
 * and returns Spark's own {@link LogisticRegressionModel} (with its training summary), so {@code
 * transform}, {@code save}/{@code LogisticRegressionModel.load}, {@code Pipeline} and {@code
 * CrossValidator} work unchanged.
 *
 * <p>Supported Spark params: maxIter, regParam, elasticNetParam, tol, fitIntercept,
 * standardization, weightCol, threshold(s), featuresCol, labelCol, predictionCol, probabilityCol,
 * rawPredictionCol, family (auto: multinomial for more than two classes, as Spark; binomial;
 * multinomial, which fits spark.ml's softmax objective and returns its multinomial model and
 * summary). Coefficient bounds (the four bound params) are rejected with a clear error naming the
 * param; aggregationDepth and maxBlockSizeInMB do not apply and are ignored.
 *
 * <p>Own params: the {@link FlexCodeParams} every FlexCode Estimator shares (strategy, a name or a
 * full spec; stragglerTolerance; ignoreCount; the shadow params; solver; stepSize), with defaults
 * from the session's {@code spark.flexcode.<name>} keys. solver auto picks spark.ml's L-BFGS /
 * OWL-QN for exact strategies and gradient descent, with a logged notice, for approximate ones;
 * {@code stepSize} is gd's initial step (step / sqrt(t)), default 1.0.
 */
public class FlexCodeLogisticRegression extends LogisticRegression
    implements FlexCodeLinearParams<FlexCodeLogisticRegression> {

  private static final Logger LOG = LoggerFactory.getLogger(FlexCodeLogisticRegression.class);

  private static final long serialVersionUID = 1L;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  public FlexCodeLogisticRegression() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLogreg"));
  }

  public FlexCodeLogisticRegression(String uid) {
    super(uid);
    FlexCodeParamSet.setDefaults(this, 1.0);
  }

  @Override
  public FlexCodeLogisticRegression copy(ParamMap extra) {
    return (FlexCodeLogisticRegression) defaultCopy(extra);
  }

  @Override
  public LogisticRegressionModel train(Dataset<?> dataset) {
    rejectBounds();
    String weightCol = isDefined(weightCol()) ? getWeightCol() : "";
    try (TrainingFrame frame =
        TrainingFrame.of(dataset, getLabelCol(), getFeaturesCol(), weightCol)) {
      double[] counts = frame.classWeights();
      int classes = numClasses(counts, dataset.schema().apply(getLabelCol()));
      boolean multinomial = isMultinomial(classes);
      warnIfOneClass(counts);
      LinearModelTrainer.Problem problem =
          multinomial
              ? new LinearModelTrainer.Problem(
                  MarginLoss.softmax(classes),
                  frame.mean,
                  frame.std,
                  centeredLogCounts(counts, classes),
                  "lr",
                  false)
              : new LinearModelTrainer.Problem(
                  MarginLoss.logistic(), frame.mean, frame.std, logOdds(counts), "lr", false);
      LinearModelTrainer.Fit fit =
          LinearFit.run(this, frame, problem, settings(), dataset.sparkSession());
      LogisticRegressionModel model =
          multinomial
              ? multinomialModel(fit, classes)
              : SparkLinearModels.logisticRegressionModel(
                  uid(), Vectors.dense(fit.coefficients()), fit.intercepts()[0]);
      attachSummary(model, dataset, fit.objectiveHistory(), !multinomial);
      return model;
    }
  }

  private LinearFit.Settings settings() {
    return new LinearFit.Settings(
        getMaxIter(),
        getTol(),
        getRegParam(),
        getElasticNetParam(),
        getFitIntercept(),
        getStandardization());
  }

  /**
   * The classes: those the label metadata declares (at least as many as the labels show), else the
   * largest label plus 1, as spark.ml counts them.
   */
  private int numClasses(double[] counts, StructField labelField) {
    int declared = SparkLinearModels.declaredClasses(labelField);
    if (declared > 0 && declared < counts.length) {
      throw new IllegalArgumentException(
          "column "
              + getLabelCol()
              + " declares "
              + declared
              + " classes in its metadata but holds label "
              + (counts.length - 1));
    }
    return Math.max(declared, counts.length);
  }

  /** spark.ml's family rule: multinomial, binomial (at most 2 classes), auto (more than 2). */
  private boolean isMultinomial(int classes) {
    String family = getFamily().toLowerCase(Locale.ROOT);
    if (family.equals("binomial") && classes > 2) {
      throw new IllegalArgumentException(
          "family binomial takes labels 0 and 1, but column "
              + getLabelCol()
              + " holds "
              + classes
              + " classes (labels 0 .. "
              + (classes - 1)
              + "); use family multinomial or auto");
    }
    return family.equals("multinomial") || (family.equals("auto") && classes > 2);
  }

  /**
   * spark.ml's multinomial model: intercepts centered (they are never penalized, so only their
   * differences are determined), and without regularization the coefficients of each feature
   * centered over the classes too (glmnet's choice, as spark.ml makes it).
   */
  private LogisticRegressionModel multinomialModel(LinearModelTrainer.Fit fit, int classes) {
    double[] coefficients = fit.coefficients();
    int p = coefficients.length / classes;
    if (getRegParam() == 0.0) {
      for (int j = 0; j < p; j++) {
        double center = 0;
        for (int c = 0; c < classes; c++) {
          center += coefficients[c * p + j] / classes;
        }
        for (int c = 0; c < classes; c++) {
          coefficients[c * p + j] -= center;
        }
      }
    }
    double[] intercepts = fit.intercepts();
    if (getFitIntercept()) {
      double mean = Arrays.stream(intercepts).sum() / classes;
      for (int c = 0; c < classes; c++) {
        intercepts[c] -= mean;
      }
    }
    return SparkLinearModels.multinomialModel(uid(), classes, coefficients, intercepts);
  }

  /** The binary initial intercept: the log odds of the positive weight (0 if a class is empty). */
  private static double[] logOdds(double[] counts) {
    double negative = counts[0];
    double positive = counts.length > 1 ? counts[1] : 0.0;
    return new double[] {positive > 0 && negative > 0 ? Math.log(positive / negative) : 0.0};
  }

  /** spark.ml's multinomial initial intercepts: log(1 + weight of class k), centered. */
  private static double[] centeredLogCounts(double[] counts, int classes) {
    double[] intercepts = new double[classes];
    for (int c = 0; c < counts.length; c++) {
      intercepts[c] = Math.log1p(counts[c]);
    }
    double mean = Arrays.stream(intercepts).sum() / classes;
    for (int c = 0; c < classes; c++) {
      intercepts[c] -= mean;
    }
    return intercepts;
  }

  private void attachSummary(
      LogisticRegressionModel model, Dataset<?> dataset, double[] history, boolean binary) {
    LogisticRegressionModel summaryModel = model.copy(ParamMap.empty());
    copyValues(summaryModel, ParamMap.empty());
    String probabilityCol =
        getProbabilityCol().isEmpty() ? "probability_" + uid() : getProbabilityCol();
    String predictionCol =
        getPredictionCol().isEmpty() ? "prediction_" + uid() : getPredictionCol();
    summaryModel.setProbabilityCol(probabilityCol).setPredictionCol(predictionCol);
    String weightCol = isDefined(weightCol()) ? getWeightCol() : "";
    Dataset<Row> predictions = summaryModel.transform(dataset);
    if (binary) {
      SparkLinearModels.attachBinarySummary(
          model,
          predictions,
          probabilityCol,
          predictionCol,
          getLabelCol(),
          getFeaturesCol(),
          weightCol,
          history);
    } else {
      SparkLinearModels.attachMulticlassSummary(
          model,
          predictions,
          new String[] {probabilityCol, predictionCol, getLabelCol(), getFeaturesCol()},
          weightCol,
          history);
    }
  }

  /** Warns, as Spark's LogisticRegression does, when every training label is the same class. */
  private static void warnIfOneClass(double[] counts) {
    if (Arrays.stream(counts).filter(w -> w > 0).count() <= 1) {
      LOG.warn(
          "FlexCodeLogisticRegression: every training label is the same class: the model learns"
              + " only that class and predicts it for every row; check the labels");
    }
  }

  private void rejectBounds() {
    for (Param<?> bound :
        List.of(
            lowerBoundsOnCoefficients(),
            upperBoundsOnCoefficients(),
            lowerBoundsOnIntercepts(),
            upperBoundsOnIntercepts())) {
      if (isSet(bound)) {
        throw new IllegalArgumentException(
            "FlexCodeLogisticRegression does not support "
                + bound.name()
                + " (bound-constrained fits need L-BFGS-B); unset it or use Spark's"
                + " LogisticRegression");
      }
    }
  }

  /** Loads a saved Estimator. */
  public static FlexCodeLogisticRegression load(String path) {
    return (FlexCodeLogisticRegression) LogisticRegression.load(path);
  }

  @Override
  public FlexCodeParamSet flexCodeParams() {
    flexCodeParams = FlexCodeParamSet.ensure(flexCodeParams, this);
    return flexCodeParams;
  }
}
