package org.flexcode.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.MatrixFactorization;

/**
 * The bench's {@code als} row: Spark's own {@code ALS} (explicit feedback, the same rank, regParam,
 * iterations and seed as the {@code mf} rows, as many user and item blocks as the ratings have
 * partitions) on the same dense-indexed ratings, and its ALS-WR objective F ({@link
 * MatrixFactorization}) at the fitted factors, computed over the same ratings as the FlexCode rows'
 * loss. Spark's ALS caches its own blocks, so no input wrapper reaches it: its stragglers come from
 * {@code StragglerPlugin} in its application ({@link MllibBaseline#SPARK_ALS}). Spark's ALS
 * checkpoints its factors every 10 iterations only when the context has a checkpoint folder;
 * without one, its lineage grows with every iteration until the tasks' deserialization overflows
 * the executors' stacks (at 30 iterations on {@code --executors 8}), so the fit sets a temporary
 * one when none is set, as Spark's ALS documentation asks.
 */
final class SparkAls {

  private static final StructType SCHEMA =
      new StructType()
          .add("user", DataTypes.IntegerType, false)
          .add("item", DataTypes.IntegerType, false)
          .add("rating", DataTypes.DoubleType, false);

  private SparkAls() {}

  /** The fit's settings, as the {@code mf} rows' ({@code --rank}, {@code --reg-param}). */
  record Settings(int rank, double regParam, int iterations, long seed) {}

  /**
   * Fits Spark's ALS on {@code ratings} ({@code numUsers} x {@code numItems}) and returns F at its
   * factors (one entry: Spark's ALS keeps no history).
   */
  static double[] fitObjective(
      SparkSession spark,
      JavaRDD<IndexedRating> ratings,
      int numUsers,
      int numItems,
      Settings settings) {
    ensureCheckpointFolder(spark);
    int blocks = ratings.getNumPartitions();
    Dataset<Row> frame =
        spark.createDataFrame(
            ratings.map(r -> RowFactory.create(r.user(), r.item(), r.rating())), SCHEMA);
    ALSModel model =
        new ALS()
            .setRank(settings.rank())
            .setRegParam(settings.regParam())
            .setMaxIter(settings.iterations())
            .setSeed(settings.seed())
            .setNumUserBlocks(blocks)
            .setNumItemBlocks(blocks)
            .setUserCol("user")
            .setItemCol("item")
            .setRatingCol("rating")
            .fit(frame);
    int rank = settings.rank();
    double[] factors = new double[MatrixFactorization.parameterCount(numUsers, numItems, rank)];
    copy(model.userFactors(), 0, rank, factors);
    copy(model.itemFactors(), numUsers, rank, factors);
    return new double[] {objective(ratings, factors, numUsers, rank, settings.regParam())};
  }

  /** Gives the context a temporary checkpoint folder (under java.io.tmpdir) unless it has one. */
  static void ensureCheckpointFolder(SparkSession spark) {
    if (spark.sparkContext().getCheckpointDir().isDefined()) {
      return;
    }
    try {
      File folder = Files.createTempDirectory("flexcode-als-checkpoints").toFile();
      spark.sparkContext().setCheckpointDir(folder.getAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException("als: cannot create a checkpoint folder for Spark's ALS", e);
    }
  }

  /** Writes the factor rows of {@code frame} (id, features) at row {@code offset + id}. */
  private static void copy(Dataset<Row> frame, int offset, int rank, double[] factors) {
    for (Row row : frame.collectAsList()) {
      List<Float> features = row.getList(1);
      int at = (offset + row.getInt(0)) * rank;
      for (int k = 0; k < rank; k++) {
        factors[at + k] = features.get(k);
      }
    }
  }

  /** F at {@code factors} over {@code ratings}: one pass, the factors broadcast. */
  private static double objective(
      JavaRDD<IndexedRating> ratings, double[] factors, int numUsers, int rank, double regParam) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(ratings.context());
    Broadcast<double[]> shared = jsc.broadcast(factors);
    Function2<double[], IndexedRating, double[]> add =
        (sum, r) -> {
          double[] w = shared.value();
          double error =
              r.rating() - MatrixFactorization.predict(w, numUsers, rank, r.user(), r.item());
          double norms = squaredNorm(w, r.user() * rank, rank);
          norms += squaredNorm(w, (numUsers + r.item()) * rank, rank);
          sum[0] += 0.5 * error * error + 0.5 * regParam * norms;
          sum[1]++;
          return sum;
        };
    double[] total =
        ratings.aggregate(new double[2], add, (a, b) -> new double[] {a[0] + b[0], a[1] + b[1]});
    shared.destroy();
    return total[0] / total[1];
  }

  private static double squaredNorm(double[] w, int from, int length) {
    double s = 0;
    for (int k = from; k < from + length; k++) {
      s += w[k] * w[k];
    }
    return s;
  }
}
