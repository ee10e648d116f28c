package org.flexcode.optim;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.mllib.clustering.LocalLDAModel;
import org.apache.spark.mllib.linalg.DenseMatrix;
import org.apache.spark.mllib.linalg.Vectors;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.workloads.internal.Document;
import org.flexcode.workloads.internal.OnlineLda;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * Fits LDA by online variational Bayes ({@link OnlineLda}) with the coded aggregate: per iteration
 * one E-step pass over the mini-batch (the engine sums the k x V sufficient statistics of all
 * blocks) and the M-step on the driver. Settings and defaults follow MLlib's {@code
 * OnlineLDAOptimizer}: alpha and eta default to 1 / k, tau0 1024, kappa 0.51, mini-batch fraction
 * 0.05, gamma shape 100.
 */
public final class OnlineLdaTrainer {

  private static final Logger LOG = LoggerFactory.getLogger(OnlineLdaTrainer.class);

  private OnlineLdaTrainer() {}

  /**
   * The training settings, immutable. {@code docConcentration} has one entry (symmetric), k
   * entries, or none for MLlib's default 1 / k; {@code topicConcentration} < 0 means 1 / k.
   */
  public record Config(
      int k,
      int maxIter,
      double[] docConcentration,
      double topicConcentration,
      double learningOffset,
      double learningDecay,
      double miniBatchFraction,
      boolean optimizeDocConcentration,
      long seed,
      AggregationStrategy strategy,
      AggregatorOptions options) {

    /** Validates and copies. */
    public Config {
      Checks.atLeast("k (topics)", k, 2);
      Checks.iterationsAndEngine(maxIter, strategy, options);
      docConcentration = docConcentration == null ? new double[0] : docConcentration.clone();
      if (docConcentration.length > 1 && docConcentration.length != k) {
        throw new IllegalArgumentException(
            "docConcentration must have 1 or k = "
                + k
                + " entries, got "
                + docConcentration.length);
      }
      for (double a : docConcentration) {
        if (!(a > 0) || Double.isInfinite(a)) {
          throw new IllegalArgumentException(
              "docConcentration entries must be finite and > 0 for online LDA, got "
                  + Arrays.toString(docConcentration));
        }
      }
      Checks.positive("learningOffset", learningOffset);
      Checks.positive("learningDecay", learningDecay);
      if (!(miniBatchFraction > 0 && miniBatchFraction <= 1)) {
        throw new IllegalArgumentException(
            "miniBatchFraction (subsamplingRate) must be in (0, 1], got " + miniBatchFraction);
      }
    }

    /** MLlib's defaults for k topics and maxIter iterations, aggregated with {@code strategy}. */
    public static Config defaults(int k, int maxIter, AggregationStrategy strategy) {
      return new Config(
          k,
          maxIter,
          null,
          -1,
          1024,
          0.51,
          0.05,
          false,
          0L,
          strategy,
          AggregatorOptions.defaults());
    }

    /** The initial alpha (length k). */
    public double[] alpha() {
      if (docConcentration.length == k) {
        return docConcentration.clone();
      }
      double[] alpha = new double[k];
      Arrays.fill(alpha, docConcentration.length == 0 ? 1.0 / k : docConcentration[0]);
      return alpha;
    }

    /** eta. */
    public double eta() {
      return topicConcentration < 0 ? 1.0 / k : topicConcentration;
    }

    @Override
    public double[] docConcentration() {
      return docConcentration.clone();
    }
  }

  /**
   * The fit: lambda (word-major, entry (t, w) at w k + t), the final alpha, eta, the per-iteration
   * mini-batch log-perplexity estimates (NaN when the mini-batch was empty) and the engine's
   * records.
   */
  public record Fit(
      int k,
      int vocabSize,
      double[] lambda,
      double[] alpha,
      double eta,
      double gammaShape,
      long corpusDocuments,
      double[] logPerplexityHistory,
      List<IterationRecord> records) {

    /** MLlib's topics matrix (vocabSize x k, column t = lambda of topic t). */
    public DenseMatrix topicsMatrix() {
      double[] values = new double[vocabSize * k];
      for (int w = 0; w < vocabSize; w++) {
        for (int t = 0; t < k; t++) {
          values[t * vocabSize + w] = lambda[w * k + t];
        }
      }
      return new DenseMatrix(vocabSize, k, values);
    }

    /** The fit as MLlib's {@link LocalLDAModel} (Spark's own class). */
    public LocalLDAModel toMllib() {
      return SparkInternals.mllibLocalLdaModel(
          topicsMatrix(), Vectors.dense(alpha.clone()), eta, gammaShape);
    }
  }

  /**
   * Trains on {@code documents} (one block per partition, ids distinct) over {@code vocabSize}
   * terms; {@code listener} hears every iteration with the mini-batch's log-perplexity estimate
   * under the model before the update: -(D/N bound_docs + bound_topics) / (D/N tokens).
   */
  public static Fit train(
      JavaRDD<Document> documents, int vocabSize, Config config, IterationListener listener) {
    if (vocabSize < 1) {
      throw new IllegalArgumentException("vocabSize must be >= 1, got " + vocabSize);
    }
    int k = config.k();
    int dimension = OnlineLda.dimension(k, vocabSize);
    double eta = config.eta();
    double[] alpha = config.alpha();
    double gammaShape = OnlineLda.DEFAULT_GAMMA_SHAPE;
    double[] lambda = OnlineLda.initialLambda(k, vocabSize, gammaShape, config.seed());
    double[] history = new double[config.maxIter()];
    JavaRDD<Document> nonEmpty = documents.filter(d -> d.size() > 0);
    long corpus;
    List<IterationRecord> records;
    try (CodedObjective<Document, OnlineLda.EStepModel> engine =
        CodedObjective.open(
            nonEmpty,
            config.strategy(),
            config.options().withWorkload("lda", config.maxIter()),
            org.flexcode.workloads.internal.DocumentColourings.documents(),
            OnlineLda.statistic(k),
            dimension)) {
      corpus = engine.totalRecords();
      if (corpus == 0) {
        throw new IllegalArgumentException("the corpus has no non-empty document");
      }
      for (int it = 0; it < config.maxIter(); it++) {
        double[] expElogbeta = OnlineLda.expElogbeta(lambda, k, vocabSize);
        OnlineLda.EStepModel model =
            new OnlineLda.EStepModel(
                k,
                vocabSize,
                expElogbeta,
                alpha,
                gammaShape,
                config.miniBatchFraction(),
                config.seed());
        AggregateResult result = engine.evaluate(model);
        double[] sum = result.values();
        double n = sum[OnlineLda.documentsIndex(k, vocabSize)];
        double estimate = Double.NaN;
        if (n > 0) {
          estimate = logPerplexityEstimate(sum, lambda, config, vocabSize, corpus);
          double rho = OnlineLda.rho(config.learningOffset(), config.learningDecay(), it + 1);
          OnlineLda.updateLambda(lambda, expElogbeta, sum, k, vocabSize, eta, rho, corpus);
          if (config.optimizeDocConcentration()) {
            alpha = OnlineLda.updateAlpha(alpha, sum, vocabSize, rho);
          }
        } else {
          LOG.warn("FlexCode lda iteration {}: the mini-batch has no document", it);
        }
        history[it] = estimate;
        listener.onIteration(it, estimate, result.record());
      }
      records = engine.records();
    }
    return new Fit(k, vocabSize, lambda, alpha, eta, gammaShape, corpus, history, records);
  }

  /**
   * The mini-batch's log-perplexity estimate under lambda (before the update): -(D/N bound_docs +
   * bound_topics) / (D/N tokens), N > 0 the mini-batch's documents, D the corpus's.
   */
  private static double logPerplexityEstimate(
      double[] sum, double[] lambda, Config config, int vocabSize, long corpus) {
    int k = config.k();
    double scale = corpus / sum[OnlineLda.documentsIndex(k, vocabSize)];
    double bound =
        scale * sum[OnlineLda.boundIndex(k, vocabSize)]
            + OnlineLda.topicBound(lambda, k, vocabSize, config.eta());
    return -bound / (scale * sum[OnlineLda.tokensIndex(k, vocabSize)]);
  }

  /** Spark's log-perplexity of {@code model} on {@code documents} (MLlib's variational bound). */
  public static double logPerplexity(
      LocalLDAModel model, JavaRDD<Document> documents, int vocabSize) {
    return model.logPerplexity(
        documents.mapToPair(
            d -> new Tuple2<>(d.id(), Vectors.sparse(vocabSize, d.terms(), d.counts()))));
  }
}
