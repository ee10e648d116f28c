package org.flexcode.bench;

import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Spark's ALS and FlexCodeALS as the bench's MovieLens comparisons ({@link AlsComparison}, {@link
 * MfQuality}) set them up, on the ratings' columns with cold-start rows dropped, and the held-out
 * RMSE they are compared by.
 */
final class MovieLensAls {

  private MovieLensAls() {}

  /**
   * {@code als} with this rank, iterations, regParam and seed, reading {@code userId}, {@code
   * movieId} and {@code rating} and dropping the predictions of users or items it has not seen.
   */
  static <A extends ALS> A configured(A als, int rank, int maxIter, double regParam, long seed) {
    als.setRank(rank)
        .setMaxIter(maxIter)
        .setRegParam(regParam)
        .setSeed(seed)
        .setUserCol("userId")
        .setItemCol("movieId")
        .setRatingCol("rating")
        .setColdStartStrategy("drop");
    return als;
  }

  /** The RMSE of {@code model}'s predicted ratings on {@code data}. */
  static double rmse(ALSModel model, Dataset<Row> data) {
    return new RegressionEvaluator()
        .setMetricName("rmse")
        .setLabelCol("rating")
        .evaluate(model.transform(data));
  }
}
