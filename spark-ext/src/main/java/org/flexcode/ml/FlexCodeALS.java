package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.optim.IterationListener;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.spark.SparkInternals;
import org.flexcode.workloads.IndexedRating;
import org.flexcode.workloads.IndexedRatings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A drop-in for spark.ml's {@link ALS} (explicit feedback) that minimizes the same objective
 * (ALS-WR: squared error plus regParam times the rating-count-weighted squared factor norms; see
 * {@link org.flexcode.workloads.MatrixFactorization}) by full-gradient L-BFGS or gradient descent,
 * every gradient aggregated by a FlexCode strategy. It inherits Spark's params, {@code copy} and
 * persistence and returns Spark's own {@link ALSModel}, so {@code transform}, {@code
 * recommendForAllUsers}, {@code save}/{@code ALSModel.load} and {@code Pipeline} work unchanged.
 *
 * <p>Supported Spark params: rank, maxIter (solver iterations: default 100 here, since a gradient
 * iteration does less than an ALS sweep), regParam, seed (initial factors), userCol, itemCol,
 * ratingCol, predictionCol, coldStartStrategy, blockSize (the last three only matter to the model).
 * implicitPrefs and nonnegative are rejected with a clear error; alpha, numUserBlocks,
 * numItemBlocks, checkpointInterval and the storage levels do not apply and are ignored (the
 * engine's blocks are the input's partitions).
 *
 * <p>Own params (defaults from the Spark conf keys {@code spark.flexcode.<name>} of the active
 * session when the Estimator is created): {@code strategy} (bsp, ignore, frc, cyclic, shadow,
 * hybrid, or a full spec such as {@code shadow:m=2,f=0.05,late=1.5}; default bsp), {@code
 * stragglerTolerance} (s of frc and cyclic, default 1), {@code ignoreCount} (b of ignore, default
 * 1), {@code solver} (auto, lbfgs, gd; auto picks L-BFGS for exact strategies and gradient descent
 * for approximate ones), {@code stepSize} (of gd: the fraction of the per-row diagonal Gauss-Newton
 * step of {@link MatrixFactorizationTrainer}; default 0.8).
 */
public class FlexCodeALS extends ALS {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(FlexCodeALS.class);
  private static final List<String> STRATEGIES =
      List.of("bsp", "ignore", "frc", "cyclic", "shadow", "hybrid");
  private static final List<String> SOLVERS = List.of("auto", "lbfgs", "gd");
  private static final double TOLERANCE = 1e-9;

  // Created lazily: Spark's constructors may look params up before this class's fields are set.
  private Param<String> strategy;
  private IntParam stragglerTolerance;
  private IntParam ignoreCount;
  private Param<String> solver;
  private DoubleParam stepSize;
  private transient IterationListener iterationListener;
  private transient MatrixFactorizationTrainer.Fit lastFit;

  public FlexCodeALS() {
    this(Identifiable$.MODULE$.randomUID("flexcodeAls"));
  }

  public FlexCodeALS(String uid) {
    super(uid);
    setDefault(maxIter(), 100);
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
        stepSize(), SessionDefaults.checked(stepSize(), SessionDefaults.number("stepSize", 0.8)));
  }

  /** Loads a saved Estimator. */
  public static FlexCodeALS load(String path) {
    return (FlexCodeALS) ALS.load(path);
  }

  public Param<String> strategy() {
    if (strategy == null) {
      strategy =
          new Param<>(
              this,
              "strategy",
              "how gradients are aggregated: bsp, ignore, frc, cyclic, shadow (m=1, f=0.1),"
                  + " hybrid (s, m=1, f=0.1), or a full spec such as shadow:m=2,f=0.05,late=1.5",
              new SessionDefaults.StrategyValidator(STRATEGIES, true));
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
              "step of the gd solver as a fraction of the per-row diagonal Gauss-Newton step"
                  + " (row k moves by stepSize * gradient_k / curvature_k)",
              ParamValidators.gt(0));
    }
    return stepSize;
  }

  public FlexCodeALS setStrategy(String value) {
    set(strategy(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  public FlexCodeALS setStragglerTolerance(int value) {
    set(stragglerTolerance(), value);
    return this;
  }

  public FlexCodeALS setIgnoreCount(int value) {
    set(ignoreCount(), value);
    return this;
  }

  public FlexCodeALS setSolver(String value) {
    set(solver(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  public FlexCodeALS setStepSize(double value) {
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
   * Called on the driver after every aggregation during {@code fit} with the objective there
   * (progress lines, reports); not a param, not saved.
   */
  public FlexCodeALS setIterationListener(IterationListener listener) {
    this.iterationListener = listener;
    return this;
  }

  /**
   * The trainer's result of the last {@code fit} on this instance (factors in double precision,
   * indexed by the sorted distinct ids; objective history; engine records), or null; not saved.
   */
  public MatrixFactorizationTrainer.Fit lastFit() {
    return lastFit;
  }

  /** The strategy these params describe. */
  public AggregationStrategy aggregationStrategy() {
    return SessionDefaults.strategy(getStrategy(), getStragglerTolerance(), getIgnoreCount());
  }

  /** The solver that {@code fit} will use. */
  public MatrixFactorizationTrainer.Solver resolvedSolver() {
    AggregationStrategy s = aggregationStrategy();
    String chosen = getSolver();
    if (chosen.equals("lbfgs") && !s.isExact()) {
      throw new IllegalArgumentException(
          "solver=lbfgs needs an exact strategy, but "
              + s.describe()
              + " is approximate; use solver=gd or auto");
    }
    if (chosen.equals("gd") || (chosen.equals("auto") && !s.isExact())) {
      return MatrixFactorizationTrainer.Solver.GD;
    }
    return MatrixFactorizationTrainer.Solver.LBFGS;
  }

  @Override
  public FlexCodeALS copy(ParamMap extra) {
    return (FlexCodeALS) defaultCopy(extra);
  }

  @Override
  public ALSModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema());
    rejectUnsupported();
    MatrixFactorizationTrainer.Solver chosenSolver = resolvedSolver();
    AggregationStrategy aggregation = aggregationStrategy();
    if (getSolver().equals("auto") && chosenSolver == MatrixFactorizationTrainer.Solver.GD) {
      LOG.info(
          "FlexCode: {} gives inexact gradients; solver auto picks gradient descent (gd)",
          aggregation.describe());
    }
    Column rating = getRatingCol().isEmpty() ? lit(1.0) : col(getRatingCol()).cast("double");
    Dataset<Row> rows =
        dataset.select(
            checkIntegers(dataset, getUserCol()).as("user"),
            checkIntegers(dataset, getItemCol()).as("item"),
            rating.as("rating"));
    IndexedRatings indexed =
        IndexedRatings.of(
            rows, getRatingCol().isEmpty() ? "the rating (1)" : "column " + getRatingCol());
    JavaRDD<IndexedRating> ratings = indexed.ratings();
    AggregatorOptions options = AggregatorOptions.fromSession(dataset.sparkSession());
    MatrixFactorizationTrainer.Fit fit;
    try {
      fit =
          MatrixFactorizationTrainer.train(
              ratings,
              indexed.numUsers(),
              indexed.numItems(),
              new MatrixFactorizationTrainer.Config(
                  getRank(),
                  getMaxIter(),
                  getRegParam(),
                  chosenSolver,
                  getStepSize(),
                  TOLERANCE,
                  getSeed(),
                  aggregation,
                  options),
              iterationListener);
    } finally {
      ratings.unpersist(false);
    }
    lastFit = fit;
    ALSModel model = model(dataset.sparkSession(), uid(), indexed, fit);
    model.setParent(this);
    return copyValues(model, ParamMap.empty());
  }

  /**
   * Spark's {@link ALSModel} for a trainer fit on {@code indexed} (benchmarks that call {@link
   * MatrixFactorizationTrainer#train} directly): the factors as floats under the original ids, the
   * model's params at their defaults (set userCol, itemCol, coldStartStrategy on it as needed).
   */
  public static ALSModel model(
      SparkSession spark, String uid, IndexedRatings indexed, MatrixFactorizationTrainer.Fit fit) {
    return SparkInternals.alsModel(
        uid,
        fit.rank(),
        factorFrame(spark, indexed.userIds(), fit.userFactors(), fit.rank()),
        factorFrame(spark, indexed.itemIds(), fit.itemFactors(), fit.rank()));
  }

  /** The factor frame ALS builds: {@code id} int, {@code features} array of float. */
  private static Dataset<Row> factorFrame(
      SparkSession spark, int[] ids, double[] factors, int rank) {
    StructType schema =
        new StructType()
            .add("id", DataTypes.IntegerType, false)
            .add("features", DataTypes.createArrayType(DataTypes.FloatType, false), true);
    List<Row> rows = new ArrayList<>(ids.length);
    for (int i = 0; i < ids.length; i++) {
      List<Float> features = new ArrayList<>(rank);
      for (int k = 0; k < rank; k++) {
        features.add((float) factors[i * rank + k]);
      }
      rows.add(RowFactory.create(ids[i], features));
    }
    return spark.createDataFrame(rows, schema);
  }

  private void rejectUnsupported() {
    if (getImplicitPrefs()) {
      throw new IllegalArgumentException(
          "FlexCodeALS supports explicit feedback only: implicitPrefs must be false");
    }
    if (getNonnegative()) {
      throw new IllegalArgumentException(
          "FlexCodeALS does not support nonnegative = true (constrained factors)");
    }
  }
}
