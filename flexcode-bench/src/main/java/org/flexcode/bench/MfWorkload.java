package org.flexcode.bench;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.cli.Args;
import org.flexcode.data.MovieLensReader;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.internal.IndexedRatings;

/**
 * Matrix factorization (ALS-WR objective) by gradient descent with per-row scaled steps on
 * MovieLens ratings ({@code --workload mf}); MLlib has no such row (its ALS is another algorithm):
 * the baseline is Spark's ALS itself on the same ratings ({@code als}, {@link SparkAls}), whose
 * loss is the same objective at its final factors. It holds the loaded ratings and the fit's
 * settings (rank, regParam, gd's step, the seed of the initial factors).
 */
record MfWorkload(
    SparkSession spark, IndexedRatings ratings, int rank, double regParam, double step, long seed)
    implements Workload {

  /**
   * The most-rated items kept under emulated compute (all with real compute): every task's result
   * and broadcast model are dense over the users and items, so fewer items keep its real compute a
   * small share of the emulated block.
   */
  static final int EMULATED_ITEMS = 1_000;

  /**
   * The ratings of {@code --ratings} (--rank, --reg-param, --step-size; --max-items: those of the
   * most-rated items only) in {@code partitions} blocks; their sizes go to {@code sizes}.
   */
  static MfWorkload load(
      SparkSession spark, Args args, int partitions, long seed, Map<String, Object> sizes) {
    String path = args.string("ratings", "datasets/ml-latest-small/ratings.csv");
    int rank = args.integer("rank", 10);
    double regParam = args.number("reg-param", 0.15);
    boolean emulated = Compute.parse(args.string("compute", "real")).emulated();
    int maxItems = args.integer("max-items", emulated ? EMULATED_ITEMS : 0);
    if (maxItems < 0) {
      throw new IllegalArgumentException("--max-items must be >= 0 (0: all), got " + maxItems);
    }
    Dataset<Row> read =
        MovieLensReader.load(spark, path, partitions).select("userId", "movieId", "rating");
    Dataset<Row> rows = mostRated(read, maxItems).repartition(partitions);
    IndexedRatings ratings = IndexedRatings.of(rows, "column rating");
    sizes.put("ratings", ratings.ratings().count());
    sizes.put("users", ratings.numUsers());
    sizes.put("items", ratings.numItems());
    sizes.put("rank", rank);
    sizes.put("reg_param", regParam);
    sizes.put("max_items", maxItems);
    sizes.put("model_dimension", (ratings.numUsers() + ratings.numItems()) * (long) rank);
    return new MfWorkload(spark, ratings, rank, regParam, args.number("step-size", 0.8), seed);
  }

  /** The ratings of the {@code maxItems} most-rated items (ties by id), all when it is 0. */
  private static Dataset<Row> mostRated(Dataset<Row> ratings, int maxItems) {
    if (maxItems == 0) {
      return ratings;
    }
    Dataset<Row> kept =
        ratings
            .groupBy("movieId")
            .count()
            .orderBy(functions.desc("count"), functions.asc("movieId"))
            .limit(maxItems)
            .select("movieId");
    return ratings.join(kept, "movieId").select("userId", "movieId", "rating");
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
        "--workload mf has no mllib row (MLlib's ALS is a different algorithm); its row is als");
  }

  @Override
  public double[] sparkAls(int iterations) {
    return SparkAls.fitObjective(
        spark,
        ratings.ratings(),
        ratings.numUsers(),
        ratings.numItems(),
        new SparkAls.Settings(rank, regParam, iterations, seed));
  }

  /** Spark's ALS: its fit's jobs, the objective's pass (the last job) dropped. */
  @Override
  public List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations) {
    return jobs.subList(0, Math.max(0, jobs.size() - 1));
  }

  /**
   * One entry: the fit's span (its first job's start to its last job's end) over {@code
   * iterations}. Spark's ALS builds every iteration lazily and runs them in its final jobs, so its
   * jobs are no iterations.
   */
  @Override
  public double[] mllibIterationMs(List<BenchListener.Job> jobs, int iterations) {
    if (jobs.isEmpty()) {
      return new double[0];
    }
    long span = jobs.get(jobs.size() - 1).endMs() - jobs.get(0).startMs();
    return new double[] {(double) span / Math.max(1, iterations)};
  }

  /** The objective's one entry ends with the fit's last job. */
  @Override
  public int[] mllibLossJobs(int jobs, int lossEntries) {
    return new int[] {Math.max(0, jobs - 1)};
  }

  @Override
  public void close() {
    ratings.ratings().unpersist(false);
  }
}
