package org.flexcode.bench;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.cli.Args;
import org.flexcode.data.MovieLensReader;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.IndexedRatings;

/**
 * Matrix factorization (ALS-WR objective) by gradient descent with per-row scaled steps on
 * MovieLens ratings ({@code --workload mf}); MLlib has no such row (its ALS is another algorithm).
 */
final class MfWorkload implements Workload {
  private final IndexedRatings ratings;
  private final int rank;
  private final double regParam;
  private final double step;
  private final long seed;

  private MfWorkload(IndexedRatings ratings, int rank, double regParam, double step, long seed) {
    this.ratings = ratings;
    this.rank = rank;
    this.regParam = regParam;
    this.step = step;
    this.seed = seed;
  }

  /**
   * The ratings of {@code --ratings} (--rank, --reg-param, --step-size) in {@code partitions}
   * blocks; their sizes go to {@code sizes}.
   */
  static MfWorkload load(
      SparkSession spark, Args args, int partitions, long seed, Map<String, Object> sizes) {
    String path = args.string("ratings", "datasets/ml-latest-small/ratings.csv");
    int rank = args.integer("rank", 10);
    double regParam = args.number("reg-param", 0.15);
    Dataset<Row> rows =
        MovieLensReader.load(spark, path, partitions)
            .select("userId", "movieId", "rating")
            .repartition(partitions);
    IndexedRatings ratings = IndexedRatings.of(rows, "column rating");
    sizes.put("ratings", ratings.ratings().count());
    sizes.put("users", ratings.numUsers());
    sizes.put("items", ratings.numItems());
    sizes.put("rank", rank);
    sizes.put("reg_param", regParam);
    return new MfWorkload(ratings, rank, regParam, args.number("step-size", 0.8), seed);
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
  public List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations) {
    return jobs;
  }

  @Override
  public void close() {
    ratings.ratings().unpersist(false);
  }
}
