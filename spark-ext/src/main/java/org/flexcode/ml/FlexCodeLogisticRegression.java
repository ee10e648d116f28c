package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.stat.Summarizer;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.optim.IterationListener;
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
 * <p>Own params (defaults from the Spark conf keys {@code spark.flexcode.<name>} of the active
 * session when the Estimator is created, so a saved Estimator records the resolved values): {@code
 * strategy} (bsp, ignore, frc, cyclic, shadow, hybrid; default bsp), {@code stragglerTolerance} (s
 * of frc, cyclic and hybrid, default 1), {@code ignoreCount} (b of ignore, default 1), {@code
 * shadowTasks} (m of shadow and hybrid, default 1), {@code shadowFraction} (f, default 0.1), {@code
 * shadowSelector} (entropy or random, default entropy), {@code shadowLate} (0: shadows run with the
 * primaries; X >= 1: launched only once a primary has run X times the median; default 0), {@code
 * solver} (auto, lbfgs, gd; auto picks spark.ml's L-BFGS / OWL-QN for exact strategies and gradient
 * descent, with a logged notice, for approximate ones), {@code stepSize} (of gd, default 1.0).
 */
public class FlexCodeLogisticRegression extends LogisticRegression {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(FlexCodeLogisticRegression.class);
  private static final List<String> STRATEGIES =
      List.of("bsp", "ignore", "frc", "cyclic", "shadow", "hybrid");
  private static final List<String> SELECTORS = List.of("entropy", "random");
  private static final List<String> SOLVERS = List.of("auto", "lbfgs", "gd");

  // Created lazily: Spark's constructors may look params up before this class's fields are set.
  private Param<String> strategy;
  private IntParam stragglerTolerance;
  private IntParam ignoreCount;
  private Param<String> solver;
  private DoubleParam stepSize;
  private IntParam shadowTasks;
  private DoubleParam shadowFraction;
  private Param<String> shadowSelector;
  private DoubleParam shadowLate;
  private transient IterationListener iterationListener;

  public FlexCodeLogisticRegression() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLogreg"));
  }

  public FlexCodeLogisticRegression(String uid) {
    super(uid);
    setDefault(
        strategy(), SessionDefaults.checked(strategy(), SessionDefaults.string("strategy", "bsp")));
    setDefault(
        stragglerTolerance(),
        SessionDefaults.checked(
            stragglerTolerance(), SessionDefaults.integer("stragglerTolerance", 1)));
    setDefault(
        ignoreCount(),
        SessionDefaults.checked(ignoreCount(), SessionDefaults.integer("ignoreCount", 1)));
    setDefault(
        solver(), SessionDefaults.checked(solver(), SessionDefaults.string("solver", "auto")));
    setDefault(
        stepSize(), SessionDefaults.checked(stepSize(), SessionDefaults.number("stepSize", 1.0)));
    setDefault(
        shadowTasks(),
        SessionDefaults.checked(shadowTasks(), SessionDefaults.integer("shadowTasks", 1)));
    setDefault(
        shadowFraction(),
        SessionDefaults.checked(shadowFraction(), SessionDefaults.number("shadowFraction", 0.1)));
    setDefault(
        shadowSelector(),
        SessionDefaults.checked(
            shadowSelector(), SessionDefaults.string("shadowSelector", "entropy")));
    setDefault(
        shadowLate(),
        SessionDefaults.checked(shadowLate(), SessionDefaults.number("shadowLate", 0.0)));
  }

  /** Loads a saved Estimator. */
  public static FlexCodeLogisticRegression load(String path) {
    return (FlexCodeLogisticRegression) LogisticRegression.load(path);
  }

  public Param<String> strategy() {
    if (strategy == null) {
      strategy =
          new Param<>(
              this,
              "strategy",
              "how gradients are aggregated: bsp, ignore, frc, cyclic, shadow or hybrid",
              ParamValidators.inArray(STRATEGIES));
    }
    return strategy;
  }

  public IntParam stragglerTolerance() {
    if (stragglerTolerance == null) {
      stragglerTolerance =
          new IntParam(
              this,
              "stragglerTolerance",
              "stragglers s tolerated by frc and cyclic (each block has s+1 copies)",
              ParamValidators.gtEq(0));
    }
    return stragglerTolerance;
  }

  public IntParam ignoreCount() {
    if (ignoreCount == null) {
      ignoreCount =
          new IntParam(
              this, "ignoreCount", "slowest tasks b that ignore drops", ParamValidators.gtEq(0));
    }
    return ignoreCount;
  }

  public Param<String> solver() {
    if (solver == null) {
      solver =
          new Param<>(
              this,
              "solver",
              "auto (L-BFGS for exact strategies, gd for approximate ones), lbfgs or gd",
              ParamValidators.inArray(SOLVERS));
    }
    return solver;
  }

  public DoubleParam stepSize() {
    if (stepSize == null) {
      stepSize =
          new DoubleParam(
              this,
              "stepSize",
              "initial step of the gd solver (step / sqrt(t))",
              ParamValidators.gt(0));
    }
    return stepSize;
  }

  public IntParam shadowTasks() {
    if (shadowTasks == null) {
      shadowTasks =
          new IntParam(
              this,
              "shadowTasks",
              "shadow tasks m of shadow and hybrid (each stands in for stragglers of its group)",
              ParamValidators.gtEq(1));
    }
    return shadowTasks;
  }

  public DoubleParam shadowFraction() {
    if (shadowFraction == null) {
      shadowFraction =
          new DoubleParam(
              this,
              "shadowFraction",
              "fraction f of each block's records a shadow holds, in (0, 1]",
              ParamValidators.inRange(0.0, 1.0, false, true));
    }
    return shadowFraction;
  }

  public Param<String> shadowSelector() {
    if (shadowSelector == null) {
      shadowSelector =
          new Param<>(
              this,
              "shadowSelector",
              "how shadows pick their subsets: entropy (maximal joint entropy) or random",
              ParamValidators.inArray(SELECTORS));
    }
    return shadowSelector;
  }

  public DoubleParam shadowLate() {
    if (shadowLate == null) {
      shadowLate =
          new DoubleParam(
              this,
              "shadowLate",
              "0: shadows run with the primaries every iteration; X >= 1: they are launched only"
                  + " once a primary has run X times the median of the finished ones",
              ParamValidators.gtEq(0.0));
    }
    return shadowLate;
  }

  public FlexCodeLogisticRegression setShadowLate(double value) {
    set(shadowLate(), value);
    return this;
  }

  public double getShadowLate() {
    return (Double) $(shadowLate());
  }

  public FlexCodeLogisticRegression setShadowTasks(int value) {
    set(shadowTasks(), value);
    return this;
  }

  public FlexCodeLogisticRegression setShadowFraction(double value) {
    set(shadowFraction(), value);
    return this;
  }

  public FlexCodeLogisticRegression setShadowSelector(String value) {
    set(shadowSelector(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  public int getShadowTasks() {
    return (Integer) $(shadowTasks());
  }

  public double getShadowFraction() {
    return (Double) $(shadowFraction());
  }

  public String getShadowSelector() {
    return $(shadowSelector());
  }

  public FlexCodeLogisticRegression setStrategy(String value) {
    set(strategy(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  public FlexCodeLogisticRegression setStragglerTolerance(int value) {
    set(stragglerTolerance(), value);
    return this;
  }

  public FlexCodeLogisticRegression setIgnoreCount(int value) {
    set(ignoreCount(), value);
    return this;
  }

  public FlexCodeLogisticRegression setSolver(String value) {
    set(solver(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  public FlexCodeLogisticRegression setStepSize(double value) {
    set(stepSize(), value);
    return this;
  }

  public String getStrategy() {
    return $(strategy());
  }

  public int getStragglerTolerance() {
    return (Integer) $(stragglerTolerance());
  }

  public int getIgnoreCount() {
    return (Integer) $(ignoreCount());
  }

  public String getSolver() {
    return $(solver());
  }

  public double getStepSize() {
    return (Double) $(stepSize());
  }

  /**
   * Called on the driver after every aggregation during {@code fit} with the objective value there
   * (progress lines, reports); not a param, not saved.
   */
  public FlexCodeLogisticRegression setIterationListener(IterationListener listener) {
    this.iterationListener = listener;
    return this;
  }

  /** The strategy these params describe. */
  public AggregationStrategy aggregationStrategy() {
    return switch (getStrategy()) {
      case "shadow" ->
          AggregationStrategy.shadow(
              getShadowTasks(), getShadowFraction(), getShadowSelector(), getShadowLate());
      case "hybrid" ->
          AggregationStrategy.hybrid(
              getStragglerTolerance(),
              getShadowTasks(),
              getShadowFraction(),
              getShadowSelector(),
              "frc",
              getShadowLate());
      default -> SessionDefaults.strategy(getStrategy(), getStragglerTolerance(), getIgnoreCount());
    };
  }

  /** The solver that {@code fit} will use. */
  public LogisticRegressionTrainer.Solver resolvedSolver() {
    AggregationStrategy s = aggregationStrategy();
    String chosen = getSolver();
    if (chosen.equals("lbfgs") && !s.isExact()) {
      throw new IllegalArgumentException(
          "solver=lbfgs needs an exact strategy, but "
              + s.describe()
              + " is approximate; use solver=gd or auto");
    }
    if (chosen.equals("gd") || (chosen.equals("auto") && !s.isExact())) {
      return LogisticRegressionTrainer.Solver.GD;
    }
    return LogisticRegressionTrainer.Solver.LBFGS;
  }

  @Override
  public FlexCodeLogisticRegression copy(ParamMap extra) {
    return (FlexCodeLogisticRegression) defaultCopy(extra);
  }

  @Override
  public LogisticRegressionModel train(Dataset<?> dataset) {
    rejectUnsupported();
    AggregationStrategy aggregation = aggregationStrategy();
    LogisticRegressionTrainer.Solver chosenSolver = resolvedSolver();
    if (getSolver().equals("auto") && chosenSolver == LogisticRegressionTrainer.Solver.GD) {
      LOG.info(
          "FlexCode: {} gives inexact gradients; solver auto picks gradient descent (gd)",
          aggregation.describe());
    }
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
    double[] std = ((Vector) totals.get(2)).toArray();
    double[] mean = ((Vector) totals.get(3)).toArray();
    JavaRDD<WeightedPoint> points =
        rows.toJavaRDD()
            .map(FlexCodeLogisticRegression::toPoint)
            .persist(StorageLevel.MEMORY_AND_DISK());
    AggregatorOptions options = AggregatorOptions.fromSession(dataset.sparkSession());
    IterationListener listener =
        iterationListener != null ? iterationListener : (iteration, loss, record) -> {};
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
              listener);
    } finally {
      points.unpersist(false);
    }
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
}
