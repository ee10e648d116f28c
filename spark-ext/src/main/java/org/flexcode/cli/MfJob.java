package org.flexcode.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.data.MovieLensReader;
import org.flexcode.metrics.RunReport;
import org.flexcode.ml.FlexCodeALS;
import org.flexcode.optim.MatrixFactorizationTrainer;

/**
 * {@code flexcode-submit mf}: trains matrix factorization (the ALS-WR objective of Spark's ALS) on
 * a MovieLens ratings CSV with a FlexCode strategy, holding out a seeded random test split, prints
 * one line per aggregation and a summary (with the test RMSE), and writes a JSON report.
 */
final class MfJob {

  static final String USAGE =
      """
      usage: flexcode-submit mf --ratings PATH [options]

        --ratings PATH       MovieLens ratings CSV (userId,movieId,rating[,timestamp], header optional)
        --test-fraction F    share of the ratings held out for the test RMSE (default 0.2; 0: none)
        --seed S             seed of the split and of the initial factors (default 42)
      """
          + JobFlags.USAGE
          + """
        --iterations N       maxIter: solver iterations (default 100)
        --rank K             factor rank (default 10)
        --reg-param L        regParam of the ALS-WR penalty (default 0.1)
        --solver X           auto, lbfgs, gd or als (default auto: lbfgs for exact strategies, gd
                             otherwise; als: alternating sweeps, --iterations counting sweeps)
        --step-size E        step of the gd solver, a fraction of the per-row Gauss-Newton step
                             (default 0.8)
        --cold-start C       coldStartStrategy of the model: drop or nan (default drop)
        --baseline-iterations N  also fit Spark's own ALS (same split, rank, regParam, seed,
                             N alternating sweeps) and report its test RMSE (default 0: no)
        --model-out DIR      save the fitted ALSModel there (Spark's own format)
      """;

  static final Set<String> OPTIONS =
      JobFlags.with(
          "ratings test-fraction seed rank reg-param solver step-size cold-start baseline-iterations");

  private MfJob() {}

  /** Runs the job on its parsed options; returns the exit code. */
  static int run(Args args) throws Exception {
    String path = args.required("ratings");
    double testFraction = args.number("test-fraction", 0.2);
    if (!(testFraction >= 0 && testFraction < 1)) {
      throw new IllegalArgumentException("--test-fraction must be in [0, 1), got " + testFraction);
    }
    int partitions = JobFlags.partitions(args);
    long seed = (long) args.integer("seed", 42);
    if (!Files.exists(Path.of(path)) && !path.contains("://")) {
      throw new IllegalArgumentException(path + ": no such file");
    }
    SparkSession spark = JobFlags.session(args, "mf");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    long wallStart = System.currentTimeMillis();

    FlexCodeALS estimator = estimatorOf(args, seed);
    AggregationStrategy strategy = estimator.aggregationStrategy();
    if (args.string("solver", "auto").toLowerCase(Locale.ROOT).equals("auto")) {
      estimator.setSolver(strategy.isExact() ? "lbfgs" : "gd");
    }
    FlexCodeALS.Method method = estimator.resolvedMethod(strategy);

    Dataset<Row> ratings = MovieLensReader.load(spark, path, partitions);
    Split split = Split.of(ratings, testFraction, seed);
    Dataset<Row> train = split.train();
    Dataset<Row> test = split.test();
    train = train.repartition(partitions).cache();
    long trainCount = train.count();

    Map<String, Object> params = args.asParams();
    params.put("solver_used", method.name().toLowerCase(Locale.ROOT));
    params.put("master", jsc.master());
    params.put("train_ratings", trainCount);
    params.put("test_ratings", test == null ? 0L : test.count());
    RunReport report = JobOutput.newReport(args, spark, "mf", strategy.spec(), params);
    estimator.setIterationListener(JobOutput.progress(report, "loss %.6f"));

    long fitStart = System.currentTimeMillis();
    ALSModel model = estimator.fit(train);
    long fitMs = System.currentTimeMillis() - fitStart;
    MatrixFactorizationTrainer.Fit fit = estimator.lastFit();
    double[] history = fit.objectiveHistory();
    report.summarizeIterations();
    report.putSummary("final_loss", history.length == 0 ? null : history[history.length - 1]);
    report.putSummary("num_users", fit.numUsers());
    report.putSummary("num_items", fit.numItems());
    RegressionEvaluator rmse = rmseOf(model);
    report.putSummary("train_rmse", rmse.evaluate(model.transform(train)));
    if (test != null) {
      report.putSummary("test_rmse", testRmse(model, test, rmse));
    }
    report.putSummary("fit_ms", fitMs);
    int baselineIterations = args.integer("baseline-iterations", 0);
    if (baselineIterations > 0) {
      fitSparkAls(estimator, baselineIterations, new Split(train, test), rmse, report);
    }
    report.putSummary("wall_ms", System.currentTimeMillis() - wallStart);
    return JobOutput.finish(args, report, model);
  }

  /** FlexCode's ALS with the job's strategy, solver and ALS params. */
  private static FlexCodeALS estimatorOf(Args args, long seed) {
    FlexCodeALS estimator =
        JobFlags.apply(args, new FlexCodeALS()).setStepSize(args.number("step-size", 0.8));
    String solver = args.string("solver", "auto").toLowerCase(Locale.ROOT);
    if (solver.equals("als")) {
      estimator.setSolver("auto"); // FlexCodeALS's own auto: alternating sweeps
    } else if (!solver.equals("auto")) {
      estimator.setSolver(solver);
    } // auto: lbfgs or gd, set once the job has resolved the strategy
    estimator
        .setRank(args.integer("rank", 10))
        .setMaxIter(args.integer("iterations", 100))
        .setRegParam(args.number("reg-param", 0.1))
        .setSeed(seed)
        .setColdStartStrategy(args.string("cold-start", "drop").toLowerCase(Locale.ROOT))
        .setUserCol("userId")
        .setItemCol("movieId")
        .setRatingCol("rating");
    return estimator;
  }

  /** The training ratings and the held-out test ratings (null without a test split). */
  private record Split(Dataset<Row> train, Dataset<Row> test) {
    static Split of(Dataset<Row> ratings, double testFraction, long seed) {
      if (testFraction <= 0) {
        return new Split(ratings, null);
      }
      Dataset<Row>[] parts =
          ratings.randomSplit(new double[] {1 - testFraction, testFraction}, seed);
      return new Split(parts[0], parts[1].cache());
    }
  }

  private static RegressionEvaluator rmseOf(ALSModel model) {
    return new RegressionEvaluator()
        .setMetricName("rmse")
        .setLabelCol("rating")
        .setPredictionCol(model.getPredictionCol());
  }

  /** The test RMSE, or null without test ratings (or when cold start dropped them all). */
  private static Double testRmse(ALSModel model, Dataset<Row> test, RegressionEvaluator rmse) {
    if (test == null) {
      return null;
    }
    Dataset<Row> predictions = model.transform(test);
    return predictions.isEmpty() ? null : rmse.evaluate(predictions);
  }

  /** Spark's own ALS with the same split, rank, regParam and seed, for the report. */
  private static void fitSparkAls(
      FlexCodeALS estimator,
      int iterations,
      Split split,
      RegressionEvaluator rmse,
      RunReport report) {
    ALS als =
        new ALS()
            .setRank(estimator.getRank())
            .setRegParam(estimator.getRegParam())
            .setMaxIter(iterations)
            .setSeed(estimator.getSeed())
            .setColdStartStrategy(estimator.getColdStartStrategy())
            .setUserCol("userId")
            .setItemCol("movieId")
            .setRatingCol("rating");
    long alsStart = System.currentTimeMillis();
    ALSModel alsModel = als.fit(split.train());
    report.putSummary("spark_als_fit_ms", System.currentTimeMillis() - alsStart);
    if (split.test() != null) {
      report.putSummary("spark_als_test_rmse", testRmse(alsModel, split.test(), rmse));
    }
  }
}
