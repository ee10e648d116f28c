package org.flexcode.ml;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.functions;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.stat.Summarizer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.spark.internal.UninterruptedRelease;
import org.flexcode.workloads.internal.WeightedPoint;

/**
 * The training rows of a linear Estimator (label, instance weight, features) with what spark.ml
 * computes from them before training: the features' and the label's weighted means and sample
 * standard deviations and the weight sum, and for classifiers the weight of each class. The rows
 * become {@link WeightedPoint}s, persisted until {@link #close}; a null label, weight or features,
 * a negative or infinite weight or a non-finite feature is an error naming the row.
 */
final class TrainingFrame implements AutoCloseable {

  private final Dataset<Row> rows;
  private final String labelCol;
  final double totalWeight;
  final double[] mean;
  final double[] std;
  final double labelMean;
  final double labelStd;
  private JavaRDD<WeightedPoint> points;

  private TrainingFrame(Dataset<Row> rows, String labelCol, Row totals) {
    this.rows = rows;
    this.labelCol = labelCol;
    this.totalWeight = totals.isNullAt(0) ? 0 : totals.getDouble(0);
    this.std = ((Vector) totals.get(1)).toArray();
    this.mean = ((Vector) totals.get(2)).toArray();
    this.labelMean = ((Vector) totals.get(3)).apply(0);
    this.labelStd = ((Vector) totals.get(4)).apply(0);
  }

  /**
   * The frame of {@code dataset}'s columns; {@code weightCol} null or empty weighs every row 1. An
   * empty frame, or one whose weights sum to 0, is an error.
   */
  static TrainingFrame of(
      Dataset<?> dataset, String labelCol, String featuresCol, String weightCol) {
    boolean weighted = weightCol != null && !weightCol.isEmpty();
    Column weight = weighted ? col(weightCol).cast("double") : lit(1.0);
    Dataset<Row> rows =
        dataset.select(
            col(labelCol).cast("double").as("label"),
            weight.as("weight"),
            col(featuresCol).as("features"));
    Column label = functions.array_to_vector(array(col("label")));
    Row totals =
        rows.agg(
                sum(col("weight")),
                Summarizer.std(col("features"), col("weight")),
                Summarizer.mean(col("features"), col("weight")),
                Summarizer.mean(label, col("weight")),
                Summarizer.std(label, col("weight")))
            .first();
    if (totals.isNullAt(0) || !(totals.getDouble(0) > 0) || totals.isNullAt(1)) {
      throw new IllegalArgumentException(
          "the training data is empty or its instance weights sum to 0 (column "
              + (weighted ? weightCol : "none")
              + ")");
    }
    return new TrainingFrame(rows, labelCol, totals);
  }

  /** The number of features. */
  int numFeatures() {
    return mean.length;
  }

  /**
   * The weight of each class 0 .. n-1, n the largest label plus 1; a label that is not an integer
   * >= 0 is an error naming the label column and the value.
   */
  double[] classWeights() {
    List<Row> groups = rows.groupBy("label").agg(sum("weight")).collectAsList();
    double largest = -1;
    for (Row group : groups) {
      if (group.isNullAt(0)) {
        throw new IllegalArgumentException("column " + labelCol + " holds a null label");
      }
      double value = group.getDouble(0);
      if (!(value >= 0) || value != Math.rint(value) || value > Integer.MAX_VALUE - 1) {
        throw new IllegalArgumentException(
            "classification labels must be integers 0, 1, ..., but column "
                + labelCol
                + " holds "
                + value);
      }
      largest = Math.max(largest, value);
    }
    double[] weights = new double[(int) largest + 1];
    for (Row group : groups) {
      weights[(int) group.getDouble(0)] += group.isNullAt(1) ? 0 : group.getDouble(1);
    }
    return weights;
  }

  /** The rows as persisted points (made on first use). */
  JavaRDD<WeightedPoint> points() {
    if (points == null) {
      points = rows.toJavaRDD().map(TrainingFrame::toPoint).persist(StorageLevel.MEMORY_AND_DISK());
    }
    return points;
  }

  @Override
  public void close() {
    if (points != null) {
      UninterruptedRelease.run(() -> points.unpersist(false));
    }
  }

  private static WeightedPoint toPoint(Row row) {
    if (row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
      throw new IllegalArgumentException(
          "a training row has a null label, weight or features: " + row);
    }
    double label = row.getDouble(0);
    if (!Double.isFinite(label)) {
      throw new IllegalArgumentException("labels must be finite, found " + label);
    }
    double weight = row.getDouble(1);
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException(
          "instance weights must be finite and >= 0, found " + weight);
    }
    Vector features = (Vector) row.get(2);
    for (double v : features.toSparse().values()) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException(
            "features must be finite, found " + v + " in the row with label " + label);
      }
    }
    return new WeightedPoint(label, weight, features);
  }
}
