package org.flexcode.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.lit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.ml.evaluation.RankingEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.Args;
import org.flexcode.data.MovieLensReader;
import org.flexcode.ml.FlexCodeALS;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHolds;
import org.flexcode.stragglers.StragglerPlugin;

/**
 * Spark's {@code ALS} and {@code FlexCodeALS} side by side with the same spark.ml params (not a
 * test): a seeded 80/20 split of a MovieLens ratings file, then per repeat both fits, in turn first
 * (the order rotates between repeats), each timed and evaluated on the held-out part. {@code
 * --feedback explicit} prints the held-out RMSE (coldStartStrategy drop); {@code implicit} takes
 * the ratings >= {@code --threshold} as events (value 1), fits with implicitPrefs and alpha, and
 * prints precision@k and MAP@k of the top-k recommendations of every held-out user against that
 * user's held-out events, as spark.ml's {@link RankingEvaluator} computes them.
 *
 * <p>{@code --pattern P} puts both fits under the straggler pattern P (seed {@code
 * --stragglers-seed}): {@code StragglerPlugin} slows Spark's ALS tasks (one draw per executor and
 * stage), the engine's injector slows {@code FlexCodeALS}'s (one draw per executor and half-sweep),
 * both from the same {@code spark.flexcode.stragglers} keys. {@code --executors M} runs on {@code
 * local-cluster[M,1,1024]} (M executor JVMs of one core; {@code run-class} sets the SPARK_HOME and
 * Scala version they need), so a pattern has executors to tell apart. {@code --strategy} defaults
 * to FlexCode's default. Run: {@code submit-scripts/run-class org.flexcode.bench.AlsComparison
 * [--ratings PATH] [--feedback explicit|implicit] [--repeats 3] [--partitions 8] [--rank 10]
 * [--iterations 10] [--reg-param 0.1] [--alpha 1.0] [--k 10] [--threshold 4] [--seed 42] [--master
 * local[2] | --executors M] [--pattern P] [--stragglers-seed 7] [--strategy S]}.
 */
public final class AlsComparison {

  private AlsComparison() {}

  public static void main(String[] argv) throws IOException {
    Args args = args(argv);
    String path = args.string("ratings", "datasets/ml-latest-small/ratings.csv");
    boolean implicit = args.string("feedback", "explicit").equals("implicit");
    int repeats = args.integer("repeats", 3);
    int partitions = args.integer("partitions", 8);
    long seed = (long) args.number("seed", 42);
    SparkSession spark = SparkSession.builder().config(conf(args)).getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Dataset<Row> ratings = MovieLensReader.load(spark, path, partitions);
    if (implicit) {
      ratings =
          ratings
              .where(col("rating").geq(args.number("threshold", 4)))
              .withColumn("rating", lit(1.0f));
    }
    Dataset<Row>[] split = ratings.randomSplit(new double[] {0.8, 0.2}, seed);
    Dataset<Row> train = split[0].repartition(partitions).cache();
    Dataset<Row> test = split[1].cache();
    System.out.printf(
        Locale.ROOT,
        "%s feedback, %s: train %d, test %d ratings, %d partitions, %s, stragglers %s%n",
        implicit ? "implicit" : "explicit",
        path,
        train.count(),
        test.count(),
        partitions,
        spark.sparkContext().master(),
        args.string("pattern", "none"));
    Supplier<ALS> spark0 = () -> configure(new ALS(), args, implicit, seed);
    Supplier<ALS> ours =
        () -> {
          FlexCodeALS flexCode = new FlexCodeALS();
          if (args.has("strategy")) {
            flexCode.setStrategy(args.string("strategy", null));
          }
          return configure(flexCode, args, implicit, seed);
        };
    List<String> lines =
        sideBySide(
            spark, List.of(spark0, ours), train, test, implicit, args.integer("k", 10), repeats);
    System.out.println();
    lines.forEach(System.out::println);
    spark.stop();
  }

  /** The command line's options, checked against the ones this comparison reads. */
  static Args args(String... argv) {
    return new Args(
        "AlsComparison",
        argv,
        0,
        Set.of(
            "ratings",
            "feedback",
            "repeats",
            "partitions",
            "rank",
            "iterations",
            "reg-param",
            "alpha",
            "k",
            "threshold",
            "seed",
            "master",
            "executors",
            "pattern",
            "stragglers-seed",
            "strategy"));
  }

  /**
   * The application's conf: {@code --master}, or {@code local-cluster[M,1,1024]} for {@code
   * --executors M} (the executors on this JVM's class path); with {@code --pattern}, the pattern
   * and its seed, and {@code StragglerPlugin} for the tasks the engine does not run.
   */
  static SparkConf conf(Args args) throws IOException {
    SparkConf conf =
        new SparkConf().setAppName("ALS side by side").set("spark.ui.enabled", "false");
    if (args.has("executors")) {
      conf.setMaster(new Shape(args.integer("executors", 2), 1, true).localCluster());
      conf.set("spark.executor.extraClassPath", BaselineApplication.fullClassPath());
    } else {
      conf.setMaster(args.string("master", "local[2]"));
    }
    if (args.has("pattern")) {
      conf.set("spark.plugins", StragglerPlugin.class.getName())
          .set(StragglerHolds.PATTERN_KEY, args.string("pattern", null))
          .set(StragglerHolds.SEED_KEY, args.string("stragglers-seed", "7"));
    }
    return conf;
  }

  /**
   * The table's lines: every repeat fits each of the two Estimators on {@code train}, the first in
   * turn alternating, and evaluates it on {@code test}; each row is printed as it comes. Beside the
   * fit time: the driver JVM's peak heap during the fit ({@link HeapPeak}, after a garbage
   * collection; with {@code --executors}, the driver alone) and the bytes of the task results the
   * driver received from the fit's jobs ({@link ScaleListener}).
   */
  private static List<String> sideBySide(
      SparkSession spark,
      List<Supplier<ALS>> estimators,
      Dataset<Row> train,
      Dataset<Row> test,
      boolean implicit,
      int k,
      int repeats) {
    ScaleListener listener = new ScaleListener();
    spark.sparkContext().addSparkListener(listener);
    List<String> lines = new ArrayList<>();
    String measures = "| repeat | Estimator | fit s | peak driver heap MB | MB to the driver |";
    lines.add(measures + (implicit ? " precision@k | MAP@k |" : " held-out RMSE |"));
    lines.add(implicit ? "|---|---|---|---|---|---|---|" : "|---|---|---|---|---|---|");
    try (HeapPeak heap = new HeapPeak()) {
      for (int repeat = 0; repeat < repeats; repeat++) {
        for (int turn = 0; turn < estimators.size(); turn++) {
          ALS als = estimators.get((turn + repeat) % estimators.size()).get();
          String name = als instanceof FlexCodeALS ? "FlexCodeALS" : "Spark ALS";
          String tag = name + "#" + repeat;
          heap.reset();
          spark.sparkContext().setLocalProperty(ScaleListener.CONTENDER_PROPERTY, tag);
          long start = System.nanoTime();
          ALSModel model;
          try {
            model = als.fit(train);
          } finally {
            spark.sparkContext().setLocalProperty(ScaleListener.CONTENDER_PROPERTY, null);
          }
          double seconds = (System.nanoTime() - start) / 1e9;
          double heapMb = heap.peakBytes() / 1e6;
          SparkInternals.awaitListenerBus(spark.sparkContext(), 60_000);
          double mb = listener.traffic(tag).resultBytes() / 1e6;
          String quality =
              implicit
                  ? ranking(model, test, k)
                  : String.format(Locale.ROOT, "%.4f", MovieLensAls.rmse(model, test));
          lines.add(
              String.format(
                  Locale.ROOT,
                  "| %d | %s | %.1f | %.0f | %.1f | %s |",
                  repeat + 1,
                  name,
                  seconds,
                  heapMb,
                  mb,
                  quality));
          System.out.println(lines.get(lines.size() - 1));
        }
      }
    }
    return lines;
  }

  private static ALS configure(ALS als, Args args, boolean implicit, long seed) {
    int rank = args.integer("rank", 10);
    int iterations = args.integer("iterations", 10);
    double regParam = args.number("reg-param", 0.1);
    return MovieLensAls.configured(als, rank, iterations, regParam, seed)
        .setImplicitPrefs(implicit)
        .setAlpha(args.number("alpha", 1.0));
  }

  /**
   * "precision@k MAP@k" of the top-k recommendations (training items included, as ALS's {@code
   * recommendForUserSubset} gives them) of every user with held-out events.
   */
  private static String ranking(ALSModel model, Dataset<Row> test, int k) {
    Dataset<Row> truth =
        test.groupBy("userId").agg(collect_list(col("movieId").cast("double")).as("label"));
    Dataset<Row> recommended =
        model
            .recommendForUserSubset(truth.select("userId"), k)
            .selectExpr(
                "userId",
                "transform(recommendations, r -> cast(r.movieId as double)) as prediction");
    Dataset<Row> joined = truth.join(recommended, "userId").cache();
    RankingEvaluator evaluator =
        new RankingEvaluator().setK(k).setLabelCol("label").setPredictionCol("prediction");
    double precision = evaluator.setMetricName("precisionAtK").evaluate(joined);
    double map = evaluator.setMetricName("meanAveragePrecisionAtK").evaluate(joined);
    joined.unpersist();
    return String.format(Locale.ROOT, "%.4f | %.4f", precision, map);
  }
}
