package org.flexcode.bench;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.MovieLensReader;
import org.flexcode.ml.FlexCodeALS;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code datasets/generate-ratings} writes the MovieLens format with the count asked for, ratings
 * on the half-star scale, each user-movie pair once, and a planted low-rank structure: a rank-10
 * ALS predicts held-out ratings better than the training mean does (by 5% at least).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class GeneratedRatingsTest {

  private static final int RATINGS = 20_000;

  /**
   * Fewer movies than the default's 5,700 at this size, which leaves most of them with a rating or
   * two (too few for any model to beat the mean on them); 400 give each about 50.
   */
  private static final int ITEMS = 400;

  @Test
  void writesMovieLensRatingsThatARankTenAlsFitsBetterThanTheMean(
      SparkSession spark, @TempDir Path dir) throws IOException, InterruptedException {
    Path file = dir.resolve("ratings.csv");
    generate(file);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(MovieLensReader.HEADER, lines.get(0));
    assertEquals(RATINGS + 1, lines.size());
    Dataset<Row> ratings = MovieLensReader.load(spark, file.toString(), 4).cache();
    assertEquals(RATINGS, ratings.select("userId", "movieId").distinct().count());
    Row range = ratings.selectExpr("min(rating)", "max(rating)", "max(rating * 2 % 1)").first();
    assertTrue(range.getDouble(0) >= 0.5 && range.getDouble(1) <= 5.0, "range " + range);
    assertEquals(0.0, range.getDouble(2), "half stars only");

    Dataset<Row>[] split = ratings.randomSplit(new double[] {0.8, 0.2}, 42);
    FlexCodeALS als = new FlexCodeALS().setStrategy("bsp");
    als.setRank(10).setMaxIter(10).setRegParam(0.1).setColdStartStrategy("drop");
    als.setUserCol("userId").setItemCol("movieId");
    Dataset<Row> predicted = als.fit(split[0]).transform(split[1]);
    RegressionEvaluator rmse = new RegressionEvaluator().setLabelCol("rating");
    double fitted = rmse.evaluate(predicted);
    double mean = split[0].agg(avg("rating")).first().getDouble(0);
    double atTheMean = rmse.evaluate(predicted.withColumn("prediction", lit(mean)));
    System.out.printf(
        Locale.ROOT, "held-out RMSE: rank-10 ALS %.4f, training mean %.4f%n", fitted, atTheMean);
    assertTrue(fitted < 0.95 * atTheMean, "ALS " + fitted + " vs the mean's " + atTheMean);
    assertTrue(predicted.where(col("prediction").isNaN()).isEmpty());
  }

  private static void generate(Path file) throws IOException, InterruptedException {
    Path script = ProjectPaths.datasets().resolve("generate-ratings");
    Process process =
        new ProcessBuilder(
                "python3",
                script.toString(),
                "--ratings",
                "20000",
                "--items",
                String.valueOf(ITEMS),
                "--seed",
                "7",
                file.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the generator did not finish");
    assertEquals(0, process.exitValue(), output);
  }
}
