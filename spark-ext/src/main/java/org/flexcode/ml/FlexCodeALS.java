package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.param.ParamMap;
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
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.StragglerReport;
import org.flexcode.metrics.StragglerTally;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.spark.SparkInternals;
import org.flexcode.spark.UninterruptedRelease;
import org.flexcode.workloads.IndexedRating;
import org.flexcode.workloads.IndexedRatings;

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
 * <p>Own params: the {@link FlexCodeParams} every FlexCode Estimator shares (strategy, a name or a
 * full spec; stragglerTolerance; ignoreCount; the shadow params; solver; stepSize), with defaults
 * from the session's {@code spark.flexcode.<name>} keys. solver auto picks L-BFGS for exact
 * strategies and gradient descent for approximate ones; {@code stepSize} is gd's step as a fraction
 * of the per-row diagonal Gauss-Newton step of {@link MatrixFactorizationTrainer} (row k moves by
 * stepSize * gradient_k / curvature_k), default 0.8.
 */
public class FlexCodeALS extends ALS implements FlexCodeParams<FlexCodeALS> {

  private static final long serialVersionUID = 1L;
  private static final double TOLERANCE = 1e-9;

  private transient MatrixFactorizationTrainer.Fit lastFit;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  public FlexCodeALS() {
    this(Identifiable$.MODULE$.randomUID("flexcodeAls"));
  }

  public FlexCodeALS(String uid) {
    super(uid);
    setDefault(maxIter(), 100);
    FlexCodeParamSet.setDefaults(this, 0.8);
  }

  @Override
  public FlexCodeALS copy(ParamMap extra) {
    return (FlexCodeALS) defaultCopy(extra);
  }

  /**
   * FlexCode's per-iteration records of this Estimator's last {@code fit} (empty before one), one
   * per aggregation.
   */
  public List<IterationRecord> lastTrainingReport() {
    return lastFit == null ? List.of() : lastFit.records();
  }

  /**
   * The straggler report of this Estimator's last {@code fit}, made from {@link
   * #lastTrainingReport()} (the last {@code spark.flexcode.history} records): which executors
   * straggled, what FlexCode did about it, and the time {@code bsp} would have taken.
   */
  public StragglerReport lastStragglerReport() {
    return StragglerTally.of(lastTrainingReport());
  }

  /**
   * The trainer's result of the last {@code fit} on this instance (factors in double precision,
   * indexed by the sorted distinct ids; objective history; engine records), or null; not saved.
   */
  public MatrixFactorizationTrainer.Fit lastFit() {
    return lastFit;
  }

  /** The solver that {@code fit} will use. */
  public MatrixFactorizationTrainer.Solver resolvedSolver() {
    return StrategyResolver.solver(
        this, MatrixFactorizationTrainer.Solver.GD, MatrixFactorizationTrainer.Solver.LBFGS);
  }

  @Override
  public ALSModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema());
    rejectUnsupported();
    MatrixFactorizationTrainer.Solver chosenSolver = resolvedSolver();
    StrategyResolver.noteAutoChoice(this);
    AggregationStrategy aggregation = aggregationStrategy();
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
    AggregatorOptions options = aggregatorOptions(dataset.sparkSession());
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
              iterationListener());
    } finally {
      UninterruptedRelease.run(() -> ratings.unpersist(false));
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

  /** Loads a saved Estimator. */
  public static FlexCodeALS load(String path) {
    return (FlexCodeALS) ALS.load(path);
  }

  @Override
  public FlexCodeParamSet flexCodeParams() {
    flexCodeParams = FlexCodeParamSet.ensure(flexCodeParams, this);
    return flexCodeParams;
  }
}
