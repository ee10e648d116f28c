package org.flexcode.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.when;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What the bench's one-machine programs ({@link FitSoak}, {@link HistorySoak}, {@link
 * OnePartitionLr}) run on: a session on {@code -Dspark.master} without the UI, and a LIBSVM file
 * with binary labels.
 */
final class LocalSpark {

  private LocalSpark() {}

  /**
   * A session named {@code appName} on {@code -Dspark.master} (else {@code defaultMaster}), without
   * the UI, logging at {@code logLevel}.
   */
  static SparkSession session(String appName, String defaultMaster, String logLevel) {
    SparkSession spark =
        SparkSession.builder()
            .master(System.getProperty("spark.master", defaultMaster))
            .appName(appName)
            .config("spark.ui.enabled", "false")
            .getOrCreate();
    spark.sparkContext().setLogLevel(logLevel);
    return spark;
  }

  /** The LIBSVM file at {@code path} with labels mapped to 0 / 1 (above 0: 1), not cached. */
  static Dataset<Row> binaryFrame(SparkSession spark, String path) {
    return spark
        .read()
        .format("libsvm")
        .load(path)
        .withColumn("label", when(col("label").gt(0), 1.0).otherwise(0.0));
  }

  /** {@code frame} cached and counted, so that no fit reads the file. */
  static Dataset<Row> cached(Dataset<Row> frame) {
    frame.cache().count();
    return frame;
  }
}
