package org.flexcode.cli;

import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.GradientDescent;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.data.DocwordReader;
import org.flexcode.data.MovieLensReader;
import org.flexcode.metrics.BenchListener;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.optim.FlexCodeGradientDescent;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.optim.OptimizationResult;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.Document;
import org.flexcode.workloads.IndexedRatings;
import scala.Tuple2;

/**
 * The workloads {@code flexcode-submit bench} runs row by row: logistic regression by gradient
 * descent (generated CTR data or LIBSVM), matrix factorization by gradient descent on MovieLens
 * ratings, and online LDA on a UCI bag-of-words corpus. Each runs a FlexCode strategy on the coded
 * engine and, where MLlib has the algorithm, MLlib's own untouched implementation on the
 * straggler-wrapped input.
 */
final class BenchWorkloads {

  private BenchWorkloads() {}

  /** A run's engine records and its objective after each iteration. */
  record Trace(List<IterationRecord> records, double[] loss) {}

  /** One workload of the bench. */
  interface Workload {
    /** The objective's name in reports. */
    String objective();

    /** A FlexCode strategy's run. */
    Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations);

    /** Whether MLlib implements this workload (the {@code mllib} rows). */
    default boolean hasMllib() {
      return true;
    }

    /** MLlib's run on input wrapped by {@code injector}; its objective history. */
    double[] mllib(StragglerInjector injector, int iterations);

    /** The Spark jobs of an MLlib run that are its iterations (setup jobs dropped). */
    List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations);

    /** Whether losses of different rows are comparable iteration by iteration (time to target). */
    default boolean comparableLossHistory() {
      return true;
    }

    /** Releases cached data. */
    void close();
  }

  /** Binary or multinomial logistic regression by MLlib's gradient descent (SimpleUpdater). */
  static final class Logistic implements Workload {
    private final JavaRDD<Tuple2<Object, Vector>> data;
    private final LogisticGradient gradient;
    private final int dimension;
    private final double step;

    Logistic(JavaRDD<Tuple2<Object, Vector>> data, int classes, int dimension, double step) {
      this.data = data;
      this.gradient = new LogisticGradient(classes);
      this.dimension = dimension;
      this.step = step;
    }

    @Override
    public String objective() {
      return "log-loss";
    }

    @Override
    public Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations) {
      OptimizationResult result =
          new FlexCodeGradientDescent(gradient, new SimpleUpdater())
              .setStepSize(step)
              .setNumIterations(iterations)
              .setConvergenceTol(0.0)
              .setStrategy(strategy)
              .setOptions(options)
              .optimizeWithLossHistory(data.rdd(), Vectors.zeros(dimension));
      return new Trace(result.records(), result.lossHistory());
    }

    @Override
    public double[] mllib(StragglerInjector injector, int iterations) {
      return GradientDescent.runMiniBatchSGD(
              injector.wrap(data).rdd(),
              gradient,
              new SimpleUpdater(),
              step,
              iterations,
              0.0,
              1.0,
              Vectors.zeros(dimension),
              0.0)
          ._2();
    }

    @Override
    public List<BenchListener.Job> mllibIterationJobs(
        List<BenchListener.Job> jobs, int iterations) {
      return jobs.subList(Math.min(1, jobs.size()), jobs.size()); // the first counts the data
    }

    @Override
    public void close() {
      data.unpersist(false);
    }
  }

  /** Matrix factorization (ALS-WR objective) by gradient descent with per-row scaled steps. */
  static final class MatrixFactorization implements Workload {
    private final IndexedRatings ratings;
    private final int rank;
    private final double regParam;
    private final double step;
    private final long seed;

    MatrixFactorization(
        SparkSession spark,
        String path,
        int partitions,
        int rank,
        double regParam,
        double step,
        long seed,
        Map<String, Object> sizes) {
      Dataset<Row> rows =
          MovieLensReader.load(spark, path, partitions)
              .select("userId", "movieId", "rating")
              .repartition(partitions);
      this.ratings = IndexedRatings.of(rows, "column rating");
      this.rank = rank;
      this.regParam = regParam;
      this.step = step;
      this.seed = seed;
      sizes.put("ratings", ratings.ratings().count());
      sizes.put("users", ratings.numUsers());
      sizes.put("items", ratings.numItems());
      sizes.put("rank", rank);
      sizes.put("reg_param", regParam);
    }

    @Override
    public String objective() {
      return "ALS-WR objective";
    }

    @Override
    public Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations) {
      MatrixFactorizationTrainer.Fit fit =
          MatrixFactorizationTrainer.train(
              ratings.ratings(),
              ratings.numUsers(),
              ratings.numItems(),
              new MatrixFactorizationTrainer.Config(
                  rank,
                  iterations,
                  regParam,
                  MatrixFactorizationTrainer.Solver.GD,
                  step,
                  0.0,
                  seed,
                  strategy,
                  options),
              (iteration, loss, record) -> {});
      return new Trace(fit.records(), fit.objectiveHistory());
    }

    @Override
    public boolean hasMllib() {
      return false;
    }

    @Override
    public double[] mllib(StragglerInjector injector, int iterations) {
      throw new IllegalArgumentException(
          "--workload mf has no mllib row (MLlib's ALS is a different algorithm); use bsp");
    }

    @Override
    public List<BenchListener.Job> mllibIterationJobs(
        List<BenchListener.Job> jobs, int iterations) {
      return jobs;
    }

    @Override
    public void close() {
      ratings.ratings().unpersist(false);
    }
  }

  /** Online LDA (variational Bayes, MLlib's schedule and defaults). */
  static final class Lda implements Workload {
    private final JavaRDD<Document> documents;
    private final int vocabSize;
    private final int k;
    private final double miniBatchFraction;
    private final long seed;

    Lda(
        JavaSparkContext jsc,
        String docword,
        int partitions,
        int k,
        double miniBatchFraction,
        long seed,
        Map<String, Object> sizes) {
      DocwordReader.Corpus corpus = DocwordReader.read(jsc, docword, partitions);
      JavaRDD<Document> read = corpus.documents();
      this.documents =
          read.getStorageLevel().useMemory() || read.getStorageLevel().useDisk()
              ? read
              : read.cache();
      this.vocabSize = corpus.header().vocabSize();
      this.k = k;
      this.miniBatchFraction = miniBatchFraction;
      this.seed = seed;
      sizes.put("documents", documents.count());
      sizes.put("vocab_size", vocabSize);
      sizes.put("k", k);
      sizes.put("mini_batch_fraction", miniBatchFraction);
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
          OnlineLdaTrainer.trainMllib(
              documents,
              vocabSize,
              config(iterations, AggregationStrategy.bsp(), AggregatorOptions.defaults()),
              injector);
      return new double[] {OnlineLdaTrainer.logPerplexity(model, documents, vocabSize)};
    }

    @Override
    public List<BenchListener.Job> mllibIterationJobs(
        List<BenchListener.Job> jobs, int iterations) {
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
}
