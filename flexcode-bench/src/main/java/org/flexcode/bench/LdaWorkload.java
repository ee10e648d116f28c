package org.flexcode.bench;

import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.cli.Args;
import org.flexcode.data.DocwordReader;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.Document;

/**
 * Online LDA (variational Bayes, MLlib's schedule and defaults) on a UCI bag-of-words corpus
 * ({@code --workload lda}), against MLlib's untouched online LDA ({@link MllibOnlineLda}).
 */
final class LdaWorkload implements Workload {
  private final JavaRDD<Document> documents;
  private final int vocabSize;
  private final int k;
  private final double miniBatchFraction;
  private final long seed;

  private LdaWorkload(
      JavaRDD<Document> documents, int vocabSize, int k, double miniBatchFraction, long seed) {
    this.documents = documents;
    this.vocabSize = vocabSize;
    this.k = k;
    this.miniBatchFraction = miniBatchFraction;
    this.seed = seed;
  }

  /**
   * The corpus of {@code --docword} (--k, --mini-batch-fraction), cached in {@code partitions}
   * blocks; its sizes go to {@code sizes}.
   */
  static LdaWorkload load(
      JavaSparkContext jsc, Args args, int partitions, long seed, Map<String, Object> sizes) {
    String docword = args.string("docword", "datasets/uci-kos/docword.kos.txt");
    int k = args.integer("k", 20);
    double miniBatchFraction = args.number("mini-batch-fraction", 0.05);
    DocwordReader.Corpus corpus = DocwordReader.read(jsc, docword, partitions);
    JavaRDD<Document> read = corpus.documents();
    JavaRDD<Document> documents =
        read.getStorageLevel().useMemory() || read.getStorageLevel().useDisk()
            ? read
            : read.cache();
    int vocabSize = corpus.header().vocabSize();
    sizes.put("documents", documents.count());
    sizes.put("vocab_size", vocabSize);
    sizes.put("k", k);
    sizes.put("mini_batch_fraction", miniBatchFraction);
    sizes.put("model_dimension", (long) k * vocabSize);
    return new LdaWorkload(documents, vocabSize, k, miniBatchFraction, seed);
  }

  private OnlineLdaTrainer.Config config(
      int iterations, AggregationStrategy strategy, AggregatorOptions options) {
    OnlineLdaTrainer.Config d = OnlineLdaTrainer.Config.defaults(k, iterations, strategy);
    return new OnlineLdaTrainer.Config(
        k,
        iterations,
        d.docConcentration(),
        d.topicConcentration(),
        d.learningOffset(),
        d.learningDecay(),
        miniBatchFraction,
        d.optimizeDocConcentration(),
        seed,
        strategy,
        options);
  }

  @Override
  public String objective() {
    return "log-perplexity of the corpus (final only)";
  }

  @Override
  public Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations) {
    OnlineLdaTrainer.Fit fit =
        OnlineLdaTrainer.train(
            documents,
            vocabSize,
            config(iterations, strategy, options),
            (iteration, loss, record) -> {});
    double perplexity = OnlineLdaTrainer.logPerplexity(fit.toMllib(), documents, vocabSize);
    return new Trace(fit.records(), new double[] {perplexity});
  }

  @Override
  public double[] mllib(StragglerInjector injector, int iterations) {
    org.apache.spark.mllib.clustering.LocalLDAModel model =
        MllibOnlineLda.train(
            documents,
            vocabSize,
            config(iterations, AggregationStrategy.bsp(), AggregatorOptions.defaults()),
            injector);
    return new double[] {OnlineLdaTrainer.logPerplexity(model, documents, vocabSize)};
  }

  @Override
  public List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations) {
    // One treeAggregate job per iteration; setup jobs come first, the perplexity job last.
    int end = Math.max(0, jobs.size() - 1);
    return jobs.subList(Math.max(0, end - iterations), end);
  }

  @Override
  public boolean comparableLossHistory() {
    return false;
  }

  @Override
  public void close() {
    documents.unpersist(false);
  }
}
