package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.stat.Summarizer;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.optim.LogisticRegressionTrainer;
import org.flexcode.spark.SparkInternals;
import org.flexcode.workloads.WeightedPoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A drop-in for spark.ml's {@link LogisticRegression} (binary) whose every gradient is aggregated
 * by a FlexCode strategy. It inherits Spark's params, {@code copy} and persistence, and returns
 * Spark's own {@link LogisticRegressionModel} (with its training summary), so {@code transform},
 * {@code save}/{@code LogisticRegressionModel.load}, {@code Pipeline} and {@code CrossValidator}
 * work unchanged.
 *
 * <p>Supported Spark params: maxIter, regParam, elasticNetParam, tol, fitIntercept,
 * standardization, weightCol, threshold(s), featuresCol, labelCol, predictionCol, probabilityCol,
 * rawPredictionCol, family ({@code auto} or {@code binomial}). Coefficient bounds and multinomial
 * labels are rejected with a clear error; aggregationDepth and maxBlockSizeInMB do not apply and
 * are ignored.
 *
 * <p>Own params: the {@link FlexCodeParams} every FlexCode Estimator shares (strategy, a name or a
 * full spec; stragglerTolerance; ignoreCount; the shadow params; solver; stepSize), with defaults
 * from the session's {@code spark.flexcode.<name>} keys. solver auto picks spark.ml's L-BFGS /
 * OWL-QN for exact strategies and gradient descent, with a logged notice, for approximate ones;
 * {@code stepSize} is gd's initial step (step / sqrt(t)), default 1.0.
 */
public class FlexCodeLogisticRegression extends LogisticRegression
    implements FlexCodeParams<FlexCodeLogisticRegression> {

  private static final Logger LOG = LoggerFactory.getLogger(FlexCodeLogisticRegression.class);

  private static final long serialVersionUID = 1L;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  private transient List<IterationRecord> lastTrainingReport = List.of();

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

  /**
   * FlexCode's per-iteration records of this Estimator's last {@code fit} (empty before one), one
   * per aggregation; the returned model's {@code summary} stays Spark's.
   */
  public List<IterationRecord> lastTrainingReport() {
    return lastTrainingReport == null ? List.of() : lastTrainingReport;
  }

  /** The solver that {@code fit} will use. */
  public LogisticRegressionTrainer.Solver resolvedSolver() {
    return StrategyResolver.solver(
        this, LogisticRegressionTrainer.Solver.GD, LogisticRegressionTrainer.Solver.LBFGS);
  }

  @Override
  public LogisticRegressionModel train(Dataset<?> dataset) {
    rejectUnsupported();
    AggregationStrategy aggregation = aggregationStrategy();
    LogisticRegressionTrainer.Solver chosenSolver = resolvedSolver();
    StrategyResolver.noteAutoChoice(this);
    String labelCol = getLabelCol();
    String featuresCol = getFeaturesCol();
    boolean weighted = isDefined(weightCol()) && !getWeightCol().isEmpty();
    Column weight = weighted ? col(getWeightCol()).cast("double") : lit(1.0);
    Dataset<Row> rows =
        dataset.select(
            col(labelCol).cast("double").as("label"),
            weight.as("weight"),
            col(featuresCol).as("features"));
    Row totals =
        rows.agg(
                sum(when(col("label").equalTo(1.0), col("weight")).otherwise(0.0)),
                sum(col("weight")),
                Summarizer.std(col("features"), col("weight")),
                Summarizer.mean(col("features"), col("weight")))
            .first();
    double positiveWeight = totals.isNullAt(0) ? 0 : totals.getDouble(0);
    double totalWeight = totals.isNullAt(1) ? 0 : totals.getDouble(1);
    if (!(totalWeight > 0)) {
      throw new IllegalArgumentException(
          "the training data is empty or its instance weights sum to 0 (column "
              + (weighted ? getWeightCol() : "none")
              + ")");
    }
    warnIfOneClass(positiveWeight, totalWeight);
    double[] std = ((Vector) totals.get(2)).toArray();
    double[] mean = ((Vector) totals.get(3)).toArray();
    JavaRDD<WeightedPoint> points =
        rows.toJavaRDD()
            .map(FlexCodeLogisticRegression::toPoint)
            .persist(StorageLevel.MEMORY_AND_DISK());
    AggregatorOptions options = aggregatorOptions(dataset.sparkSession());
    LogisticRegressionTrainer.Fit fit;
    try {
      fit =
          LogisticRegressionTrainer.train(
              points,
              mean,
              std,
              positiveWeight,
              totalWeight,
              new LogisticRegressionTrainer.Config(
                  getMaxIter(),
                  getTol(),
                  getRegParam(),
                  getElasticNetParam(),
                  getFitIntercept(),
                  getStandardization(),
                  chosenSolver,
                  getStepSize(),
                  aggregation,
                  options),
              iterationListener());
    } finally {
      points.unpersist(false);
    }
    lastTrainingReport = fit.records();
    LogisticRegressionModel model =
        SparkInternals.logisticRegressionModel(
            uid(), Vectors.dense(fit.coefficients()), fit.intercept());
    attachSummary(model, dataset, fit.objectiveHistory());
    return model;
  }

  private void attachSummary(LogisticRegressionModel model, Dataset<?> dataset, double[] history) {
    LogisticRegressionModel summaryModel = model.copy(ParamMap.empty());
    copyValues(summaryModel, ParamMap.empty());
    String probabilityCol =
        getProbabilityCol().isEmpty() ? "probability_" + uid() : getProbabilityCol();
    String predictionCol =
        getPredictionCol().isEmpty() ? "prediction_" + uid() : getPredictionCol();
    summaryModel.setProbabilityCol(probabilityCol).setPredictionCol(predictionCol);
    SparkInternals.attachBinarySummary(
        model,
        summaryModel.transform(dataset),
        probabilityCol,
        predictionCol,
        getLabelCol(),
        getFeaturesCol(),
        isDefined(weightCol()) ? getWeightCol() : "",
        history);
  }

  /** Warns, as Spark's LogisticRegression does, when every training label is the same class. */
  private static void warnIfOneClass(double positiveWeight, double totalWeight) {
    if (positiveWeight == 0 || positiveWeight == totalWeight) {
      LOG.warn(
          "FlexCodeLogisticRegression: every training label is {} (one class): the model learns"
              + " only that class and predicts it for every row; check the labels",
          positiveWeight == 0 ? "0" : "1");
    }
  }

  private static WeightedPoint toPoint(Row row) {
    if (row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
      throw new IllegalArgumentException(
          "a training row has a null label, weight or features: " + row);
    }
    double label = row.getDouble(0);
    if (label != 0.0 && label != 1.0) {
      throw new IllegalArgumentException(
          "FlexCodeLogisticRegression is binary: labels must be 0 or 1, found "
              + label
              + " (map -1/+1 labels to 0/1, or use Spark's LogisticRegression for multinomial)");
    }
    double weight = row.getDouble(1);
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException(
          "instance weights must be finite and >= 0, found " + weight);
    }
    Vector features = (Vector) row.get(2);
    for (double v : features.toSparse().values()) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException(
            "features must be finite, found " + v + " in the row with label " + label);
      }
    }
    return new WeightedPoint(label, weight, features);
  }

  private void rejectUnsupported() {
    if (getFamily().equals("multinomial")) {
      throw new IllegalArgumentException(
          "FlexCodeLogisticRegression supports family auto or binomial, got multinomial");
    }
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
                + " (bound-constrained fits)");
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
