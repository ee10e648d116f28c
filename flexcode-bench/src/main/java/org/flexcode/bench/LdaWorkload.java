package org.flexcode.bench;

import java.util.ArrayList;
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
import org.flexcode.workloads.internal.Document;

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
   * Topics under emulated compute (20 with real compute): every task's statistic and broadcast
   * model are dense over k x vocabulary, so fewer topics keep its real compute a small share of the
   * emulated block.
   */
  static final int EMULATED_K = 5;

  /**
   * The corpus of {@code --docword} (--k, --mini-batch-fraction), cached in {@code partitions}
   * blocks; its sizes go to {@code sizes}.
   */
  static LdaWorkload load(
      JavaSparkContext jsc, Args args, int partitions, long seed, Map<String, Object> sizes) {
    String docword = args.string("docword", "datasets/uci-kos/docword.kos.txt");
    boolean emulated = Compute.parse(args.string("compute", "real")).emulated();
    int k = args.integer("k", emulated ? EMULATED_K : 20);
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

  /**
   * MLlib's iterations: each two jobs, the mini-batch's {@code isEmpty} check and its {@code
   * treeAggregate}, as one job from the first's start to the second's end (the second's id, whose
   * stages hold the iteration's tasks); setup jobs come first, the perplexity job last. With fewer
   * jobs than that (an empty mini-batch skips its aggregate), the last {@code iterations} jobs.
   */
  @Override
  public List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations) {
    return pairedIterations(jobs, iterations);
  }

  /** {@link #mllibIterationJobs}: MLlib's online LDA's jobs, two per iteration, paired. */
  static List<BenchListener.Job> pairedIterations(List<BenchListener.Job> jobs, int iterations) {
    int end = Math.max(0, jobs.size() - 1);
    if (end < 2 * iterations) {
      return jobs.subList(Math.max(0, end - iterations), end);
    }
    List<BenchListener.Job> pass = jobs.subList(end - 2 * iterations, end);
    List<BenchListener.Job> merged = new ArrayList<>();
    for (int i = 0; i < pass.size(); i += 2) {
      BenchListener.Job check = pass.get(i);
      BenchListener.Job aggregate = pass.get(i + 1);
      merged.add(new BenchListener.Job(aggregate.jobId(), check.startMs(), aggregate.endMs()));
    }
    return merged;
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
