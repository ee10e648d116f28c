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
import org.flexcode.optim.AlternatingLeastSquaresTrainer;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spark.internal.UninterruptedRelease;
import org.flexcode.workloads.internal.BlockedFactors;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.IndexedRatings;

/**
 * A drop-in for spark.ml's {@link ALS} that runs ALS itself, every half-sweep aggregated by a
 * FlexCode strategy ({@link AlternatingLeastSquaresTrainer}): one iteration is one alternating
 * sweep, as in Spark, the item factors then the user factors solved exactly from their normal
 * equations (ALS-WR regularization regParam x the row's rating count), whose per-row sums the
 * engine adds over the data blocks. It inherits Spark's params, {@code copy} and persistence and
 * returns Spark's own {@link ALSModel}, so {@code transform}, {@code recommendForAllUsers}, {@code
 * save}/{@code ALSModel.load} and {@code Pipeline} work unchanged.
 *
 * <p>Supported Spark params, with Spark's meaning and defaults: rank, maxIter (sweeps, default 10),
 * regParam, implicitPrefs and alpha (Hu-Koren-Volinsky confidence 1 + alpha |r|, preference [r >
 * 0], Spark's formulation), nonnegative (each row's factors solved as nonnegative least squares on
 * the same normal equations, explicit or implicit, as Spark's NNLS solver does; needs solver auto),
 * seed (initial factors), userCol, itemCol, ratingCol, predictionCol, coldStartStrategy, blockSize
 * (the last three only matter to the model). numUserBlocks, numItemBlocks, checkpointInterval and
 * the storage levels do not apply and are ignored (the engine lays the blocks out itself).
 *
 * <p>Own params: the {@link FlexCodeParams} every FlexCode Estimator shares (strategy, a name or a
 * full spec; stragglerTolerance; ignoreCount; the shadow params; solver; stepSize), with defaults
 * from the session's {@code spark.flexcode.<name>} keys. solver auto (the default) runs the
 * alternating sweeps with any strategy; {@code lbfgs} or {@code gd} instead minimize the same
 * explicit, unconstrained objective by full-gradient methods ({@link MatrixFactorizationTrainer}),
 * maxIter then counting gradient iterations (implicitPrefs or nonnegative with them is rejected
 * with a clear error); {@code stepSize} is gd's step as a fraction of the per-row diagonal
 * Gauss-Newton step (default 0.8).
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
    FlexCodeParamSet.setDefaults(this, 0.8);
  }

  @Override
  public FlexCodeALS copy(ParamMap extra) {
    return (FlexCodeALS) defaultCopy(extra);
  }

  /**
   * The trainer's result of the last {@code fit} on this instance (factors in double precision,
   * indexed by the sorted distinct ids; objective history; engine records), or null; not saved.
   * When the fit kept its factors on the executors (a model above the engine's inline budget) the
   * factor arrays are empty: read the factors from the model's frames.
   */
  public MatrixFactorizationTrainer.Fit lastFit() {
    return lastFit;
  }

  /**
   * How {@code fit} trains: alternating sweeps, or a full-gradient solver of the same objective.
   */
  public enum Method {
    /** Alternating least squares, one iteration a sweep (solver auto). */
    ALTERNATING,
    /** L-BFGS on the explicit objective (solver lbfgs; exact strategies only). */
    LBFGS,
    /** Gradient descent on the explicit objective (solver gd). */
    GD
  }

  /** The method that {@code fit} will use (solver auto: {@link Method#ALTERNATING}). */
  public Method resolvedMethod() {
    return resolvedMethod(getSolver().equals("auto") ? null : aggregationStrategy());
  }

  /**
   * As {@link #resolvedMethod()} for {@code strategy}, these params' own as {@link
   * #aggregationStrategy()} resolved it (unused, and may be null, with solver auto).
   */
  public Method resolvedMethod(AggregationStrategy strategy) {
    if (getSolver().equals("auto")) {
      return Method.ALTERNATING;
    }
    return StrategyResolver.gradientDescent(this, strategy) ? Method.GD : Method.LBFGS;
  }

  @Override
  public ALSModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema());
    AggregationStrategy aggregation = aggregationStrategy();
    Method method = resolvedMethod(aggregation);
    rejectUnsupported(method);
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
    AlternatingLeastSquaresTrainer.Config alternating =
        new AlternatingLeastSquaresTrainer.Config(
            getRank(),
            getMaxIter(),
            getRegParam(),
            getImplicitPrefs(),
            getAlpha(),
            getNonnegative(),
            getSeed(),
            aggregation,
            options);
    if (method == Method.ALTERNATING
        && AlternatingLeastSquaresTrainer.onExecutors(
            indexed.numUsers(), indexed.numItems(), alternating)) {
      return fitOnExecutors(dataset.sparkSession(), indexed, alternating);
    }
    try {
      fit =
          method == Method.ALTERNATING
              ? AlternatingLeastSquaresTrainer.train(
                  ratings, indexed.numUsers(), indexed.numItems(), alternating, iterationListener())
              : MatrixFactorizationTrainer.train(
                  ratings,
                  indexed.numUsers(),
                  indexed.numItems(),
                  new MatrixFactorizationTrainer.Config(
                      getRank(),
                      getMaxIter(),
                      getRegParam(),
                      method == Method.GD
                          ? MatrixFactorizationTrainer.Solver.GD
                          : MatrixFactorizationTrainer.Solver.LBFGS,
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
    flexCodeParams().lastTrainingReport = fit.records();
    ALSModel model = model(dataset.sparkSession(), uid(), indexed, fit);
    model.setParent(this);
    return copyValues(model, ParamMap.empty());
  }

  /**
   * A fit whose factors stay on the executors ({@link AlternatingLeastSquaresTrainer#onExecutors}):
   * the model's frames are built from the factor blocks where they are (cached, as Spark's ALS
   * caches its factor RDDs), then the blocks are released; {@link #lastFit} then holds no factors.
   */
  private ALSModel fitOnExecutors(
      SparkSession spark, IndexedRatings indexed, AlternatingLeastSquaresTrainer.Config config) {
    JavaRDD<IndexedRating> ratings = indexed.ratings();
    BlockedFactors blocked;
    try {
      blocked =
          AlternatingLeastSquaresTrainer.trainOnExecutors(
              ratings, indexed.numUsers(), indexed.numItems(), config, iterationListener());
    } finally {
      UninterruptedRelease.run(() -> ratings.unpersist(false));
    }
    ALSModel model;
    try {
      model =
          SparkInternals.alsModel(
              uid(),
              blocked.rank(),
              FactorFrames.of(spark, indexed.userIds(), blocked.users()),
              FactorFrames.of(spark, indexed.itemIds(), blocked.items()));
    } finally {
      UninterruptedRelease.run(() -> blocked.release(spark.sparkContext()));
    }
    lastFit =
        new MatrixFactorizationTrainer.Fit(
            blocked.numUsers(),
            blocked.numItems(),
            blocked.rank(),
            new double[0],
            new double[0],
            blocked.objectiveHistory(),
            blocked.records());
    flexCodeParams().lastTrainingReport = blocked.records();
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

  private void rejectUnsupported(Method method) {
    if (method != Method.ALTERNATING && (getImplicitPrefs() || getNonnegative())) {
      throw new IllegalArgumentException(
          (getImplicitPrefs() ? "implicitPrefs" : "nonnegative")
              + " = true needs solver = auto (alternating sweeps), got solver = "
              + getSolver());
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
