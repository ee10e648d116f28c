package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;

import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spark.internal.UninterruptedRelease;
import org.flexcode.workloads.internal.Document;

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
 * <p>Own params: the {@link FlexCodeParams} every FlexCode Estimator shares (strategy, a name or a
 * full spec; stragglerTolerance; ignoreCount; the shadow params; solver; stepSize), with defaults
 * from the session's {@code spark.flexcode.<name>} keys. Online variational Bayes has no solver
 * choice and its own step, (learningOffset + t)^-learningDecay: solver must stay auto (lbfgs and gd
 * are rejected with a clear error) and stepSize does not apply and is ignored.
 */
public class FlexCodeLDA extends LDA implements FlexCodeParams<FlexCodeLDA> {

  private static final long serialVersionUID = 1L;

  private transient OnlineLdaTrainer.Fit lastFit;

  // Created on first use: Spark's constructors look params up before this class's fields are set.
  private FlexCodeParamSet flexCodeParams;

  /** An Estimator with a random uid. */
  public FlexCodeLDA() {
    this(Identifiable$.MODULE$.randomUID("flexcodeLda"));
  }

  /** An Estimator with {@code uid} (Spark's persistence creates it this way). */
  public FlexCodeLDA(String uid) {
    super(uid);
    FlexCodeParamSet.setDefaults(this, 1.0);
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
    StrategyResolver.requireAutoSolver(
        this, "online variational Bayes steps by learningOffset and learningDecay");
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
      AggregatorOptions options = aggregatorOptions(session);
      fit =
          OnlineLdaTrainer.train(documents, vocabSize, trainerConfig(options), iterationListener());
    } finally {
      UninterruptedRelease.run(() -> documents.unpersist(false));
    }
    lastFit = fit;
    flexCodeParams().lastTrainingReport = fit.records();
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

  @Override
  public FlexCodeParamSet flexCodeParams() {
    flexCodeParams = FlexCodeParamSet.ensure(flexCodeParams, this);
    return flexCodeParams;
  }
}
