package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;

import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.optim.IterationListener;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.spark.SparkInternals;
import org.flexcode.workloads.Document;

/**
 * A drop-in for spark.ml's {@link LDA} with the online optimizer whose every mini-batch's
 * sufficient statistics are aggregated by a FlexCode strategy ({@link OnlineLdaTrainer}). It
 * inherits Spark's params, {@code copy} and persistence, and returns Spark's own {@link
 * LocalLDAModel}, so {@code describeTopics}, {@code logPerplexity}, {@code transform} and {@code
 * save}/{@code LocalLDAModel.load} work unchanged. Each partition of the input is one data block.
 *
 * <p>Supported Spark params: k, maxIter, seed, featuresCol, topicDistributionCol, docConcentration,
 * topicConcentration, learningOffset (tau0), learningDecay (kappa), subsamplingRate (mini-batch
 * fraction), optimizeDocConcentration, optimizer ({@code online} only; {@code em} is rejected with
 * a clear error). checkpointInterval and keepLastCheckpoint do not apply and are ignored.
 *
 * <p>Own params (defaults from the Spark conf keys {@code spark.flexcode.<name>} of the active
 * session when the Estimator is created): {@code strategy} (bsp, ignore, frc, cyclic, shadow,
 * hybrid, or a full spec such as {@code shadow:m=1,f=0.1,late=1.5}; default bsp), {@code
 * stragglerTolerance} (s of frc, cyclic and hybrid, default 1), {@code ignoreCount} (b of ignore,
 * default 1).
 */
public class FlexCodeLDA extends LDA {

  private static final long serialVersionUID = 1L;
  private static final List<String> STRATEGIES =
      List.of("bsp", "ignore", "frc", "cyclic", "shadow", "hybrid");

  // Created lazily: Spark's constructors may look params up before this class's fields are set.
  private Param<String> strategy;
  private IntParam stragglerTolerance;
  private IntParam ignoreCount;
  private transient IterationListener iterationListener;
  private transient OnlineLdaTrainer.Fit lastFit;

  /** An Estimator with a random uid. */
  public FlexCodeLDA() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLda"));
  }

  /** An Estimator with {@code uid} (Spark's persistence creates it this way). */
  public FlexCodeLDA(String uid) {
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
  }

  /**
   * The reader of saved FlexCodeLDA Estimators (Spark's {@code LDA.read()} only accepts its own
   * class name); {@code Pipeline} loading finds it by reflection.
   */
  public static MLReader<LDA> read() {
    return new Reader();
  }

  /** Loads a saved Estimator. */
  public static FlexCodeLDA load(String path) {
    return (FlexCodeLDA) read().load(path);
  }

  /** Reads the params {@code DefaultParamsWriter} saved. */
  private static final class Reader extends MLReader<LDA> {
    @Override
    public LDA load(String path) {
      return SparkInternals.loadParams(path, sc(), FlexCodeLDA.class, FlexCodeLDA::new);
    }
  }

  /** How the sufficient statistics are aggregated: a strategy name or a full spec. */
  public Param<String> strategy() {
    if (strategy == null) {
      strategy =
          new Param<>(
              this,
              "strategy",
              "how the sufficient statistics are aggregated: bsp, ignore, frc, cyclic, shadow"
                  + " (m=1, f=0.1), hybrid (s, m=1, f=0.1), or a full spec such as"
                  + " shadow:m=1,f=0.1,late=1.5",
              new SessionDefaults.StrategyValidator(STRATEGIES, true));
    }
    return strategy;
  }

  /** Stragglers s tolerated by frc and cyclic. */
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

  /** Slowest tasks b that ignore drops. */
  public IntParam ignoreCount() {
    if (ignoreCount == null) {
      ignoreCount =
          new IntParam(
              this, "ignoreCount", "slowest tasks b that ignore drops", ParamValidators.gtEq(0));
    }
    return ignoreCount;
  }

  /** Sets {@link #strategy()}. */
  public FlexCodeLDA setStrategy(String value) {
    set(strategy(), value.toLowerCase(Locale.ROOT));
    return this;
  }

  /** Sets {@link #stragglerTolerance()}. */
  public FlexCodeLDA setStragglerTolerance(int value) {
    set(stragglerTolerance(), value);
    return this;
  }

  /** Sets {@link #ignoreCount()}. */
  public FlexCodeLDA setIgnoreCount(int value) {
    set(ignoreCount(), value);
    return this;
  }

  /** The strategy name. */
  public String getStrategy() {
    return $(strategy());
  }

  /** s of frc and cyclic. */
  public int getStragglerTolerance() {
    return (Integer) $(stragglerTolerance());
  }

  /** b of ignore. */
  public int getIgnoreCount() {
    return (Integer) $(ignoreCount());
  }

  /**
   * Called on the driver after every iteration during {@code fit} with the mini-batch's
   * log-perplexity estimate; not a param, not saved.
   */
  public FlexCodeLDA setIterationListener(IterationListener listener) {
    this.iterationListener = listener;
    return this;
  }

  /** The strategy these params describe. */
  public AggregationStrategy aggregationStrategy() {
    return SessionDefaults.strategy(getStrategy(), getStragglerTolerance(), getIgnoreCount());
  }

  /**
   * The trainer's result of the last {@code fit} on this instance (lambda, alpha, per-iteration
   * estimates and engine records), or null before the first fit.
   */
  public OnlineLdaTrainer.Fit lastFit() {
    return lastFit;
  }

  @Override
  public FlexCodeLDA copy(ParamMap extra) {
    return (FlexCodeLDA) defaultCopy(extra);
  }

  /** The trainer settings of these params, with {@code options} for the engine. */
  public OnlineLdaTrainer.Config trainerConfig(AggregatorOptions options) {
    return new OnlineLdaTrainer.Config(
        getK(),
        getMaxIter(),
        isSet(docConcentration()) ? getDocConcentration() : null,
        isSet(topicConcentration()) ? getTopicConcentration() : -1,
        getLearningOffset(),
        getLearningDecay(),
        getSubsamplingRate(),
        getOptimizeDocConcentration(),
        getSeed(),
        aggregationStrategy(),
        options);
  }

  @Override
  public LocalLDAModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    if (!getOptimizer().toLowerCase(Locale.ROOT).equals("online")) {
      throw new IllegalArgumentException(
          "FlexCodeLDA supports optimizer 'online' only, got '"
              + getOptimizer()
              + "' (use Spark's LDA for em)");
    }
    String featuresCol = getFeaturesCol();
    JavaRDD<Vector> vectors =
        dataset.select(col(featuresCol)).toJavaRDD().map(FlexCodeLDA::features);
    JavaRDD<Document> documents =
        vectors
            .zipWithIndex()
            .map(p -> Document.of(p._2(), p._1()))
            .persist(StorageLevel.MEMORY_AND_DISK());
    OnlineLdaTrainer.Fit fit;
    try {
      if (documents.isEmpty()) {
        throw new IllegalArgumentException("the training data has no rows");
      }
      int vocabSize = vectors.first().size();
      SparkSession session = dataset.sparkSession();
      AggregatorOptions options = AggregatorOptions.fromSession(session);
      IterationListener listener =
          iterationListener != null ? iterationListener : (iteration, loss, record) -> {};
      fit = OnlineLdaTrainer.train(documents, vocabSize, trainerConfig(options), listener);
    } finally {
      documents.unpersist(false);
    }
    lastFit = fit;
    LocalLDAModel model =
        SparkInternals.mlLocalLdaModel(
            uid(), fit.vocabSize(), fit.toMllib(), dataset.sparkSession());
    copyValues(model, ParamMap.empty());
    model.setParent(this);
    return model;
  }

  private static Vector features(Row row) {
    if (row.isNullAt(0)) {
      throw new IllegalArgumentException("a training row has null features");
    }
    return (Vector) row.get(0);
  }
}
