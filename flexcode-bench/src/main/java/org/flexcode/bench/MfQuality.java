package org.flexcode.bench;

import static org.flexcode.bench.MovieLensAls.rmse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.Args;
import org.flexcode.data.MovieLensReader;
import org.flexcode.ml.FlexCodeALS;

/**
 * The MF quality measurement (not a unit test): splits the ratings 80/20 with a seed, tunes Spark
 * ALS's regParam (rank 10) on a validation split (80/20 of the training part), refits on the whole
 * training part and prints both test RMSEs with coldStartStrategy "drop": Spark ALS's and
 * FlexCodeALS's (same rank, regParam tuned on the same validation split over the same grid). Run:
 * {@code submit-scripts/run-class org.flexcode.bench.MfQuality [--ratings PATH] [--seed S]
 * [--iterations N] [--partitions P] [--master URL] [--grid 0.05,0.1,...]}.
 */
public final class MfQuality {

  /** The rank of both Estimators' factors. */
  private static final int RANK = 10;

  private MfQuality() {}

  public static void main(String[] argv) {
    Args args =
        new Args(
            "MfQuality",
            argv,
            0,
            Set.of("ratings", "seed", "iterations", "partitions", "master", "grid", "als-iter"));
    String path = args.string("ratings", "datasets/ml-latest-small/ratings.csv");
    long seed = (long) args.number("seed", 42);
    int iterations = args.integer("iterations", 200);
    int alsIterations = args.integer("als-iter", 20);
    int partitions = args.integer("partitions", 4);
    List<Double> grid = new ArrayList<>();
    for (String g : args.string("grid", "0.02,0.05,0.08,0.1,0.15,0.2").split(",")) {
      grid.add(Double.parseDouble(g.trim()));
    }
    SparkSession spark = session(args.string("master", "local[2]"));
    Dataset<Row> ratings = MovieLensReader.load(spark, path, partitions);
    Dataset<Row>[] split = ratings.randomSplit(new double[] {0.8, 0.2}, seed);
    Dataset<Row> train = split[0].repartition(partitions).cache();
    Dataset<Row> test = split[1].cache();
    Dataset<Row>[] inner = train.randomSplit(new double[] {0.8, 0.2}, seed + 1);
    Dataset<Row> fitPart = inner[0].repartition(partitions).cache();
    Dataset<Row> validation = inner[1].cache();
    System.out.printf(
        Locale.ROOT,
        "ratings %d: train %d (fit %d, validation %d), test %d%n",
        ratings.count(),
        train.count(),
        fitPart.count(),
        validation.count(),
        test.count());

    double[] best = bestRegParams(grid, fitPart, validation, iterations, alsIterations, seed);
    double bestAls = best[0];
    double bestOurs = best[1];
    double alsTest = rmse(sparkAls(bestAls, alsIterations, seed).fit(train), test);
    long start = System.currentTimeMillis();
    double oursTest = rmse(flexCode(bestOurs, iterations, seed).fit(train), test);
    long ms = System.currentTimeMillis() - start;
    double oursAtAlsLambda =
        bestOurs == bestAls ? oursTest : rmse(flexCode(bestAls, iterations, seed).fit(train), test);
    System.out.printf(
        Locale.ROOT,
        "test RMSE: Spark ALS (rank 10, maxIter %d, regParam %.3f) %.4f;"
            + " FlexCodeALS (rank 10, maxIter %d, regParam %.3f) %.4f (fit %d ms);"
            + " FlexCodeALS at Spark's regParam %.4f; difference %.4f%n",
        alsIterations,
        bestAls,
        alsTest,
        iterations,
        bestOurs,
        oursTest,
        ms,
        oursAtAlsLambda,
        oursTest - alsTest);
    spark.stop();
  }

  /** A session on {@code master} with a checkpoint folder (Spark ALS checkpoints long lineages). */
  private static SparkSession session(String master) {
    SparkSession spark =
        SparkSession.builder()
            .config(
                new SparkConf()
                    .setAppName("FlexCode MF quality")
                    .setMaster(master)
                    .set("spark.ui.enabled", "false"))
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    SparkAls.ensureCheckpointFolder(spark);
    return spark;
  }

  /**
   * Spark ALS's and FlexCodeALS's best regParam on {@code grid} by validation RMSE, {@code {als,
   * flexcode}}.
   */
  private static double[] bestRegParams(
      List<Double> grid,
      Dataset<Row> fitPart,
      Dataset<Row> validation,
      int iterations,
      int alsIterations,
      long seed) {
    double bestAls = Double.NaN;
    double bestAlsRmse = Double.POSITIVE_INFINITY;
    double bestOurs = Double.NaN;
    double bestOursRmse = Double.POSITIVE_INFINITY;
    for (double lambda : grid) {
      double als = rmse(sparkAls(lambda, alsIterations, seed).fit(fitPart), validation);
      double ours = rmse(flexCode(lambda, iterations, seed).fit(fitPart), validation);
      System.out.printf(
          Locale.ROOT,
          "regParam %.3f: validation RMSE Spark ALS %.4f, FlexCodeALS %.4f%n",
          lambda,
          als,
          ours);
      if (als < bestAlsRmse) {
        bestAlsRmse = als;
        bestAls = lambda;
      }
      if (ours < bestOursRmse) {
        bestOursRmse = ours;
        bestOurs = lambda;
      }
    }
    return new double[] {bestAls, bestOurs};
  }

  private static ALS sparkAls(double regParam, int maxIter, long seed) {
    return MovieLensAls.configured(new ALS(), RANK, maxIter, regParam, seed);
  }

  private static FlexCodeALS flexCode(double regParam, int maxIter, long seed) {
    return MovieLensAls.configured(new FlexCodeALS(), RANK, maxIter, regParam, seed);
  }
}
