package org.flexcode.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.AvazuCsvReader;
import org.flexcode.data.LibSvmReader;
import org.flexcode.data.Lines;

/**
 * The training and test frames of the {@code lr} and {@code glm} jobs: {@code --train} and the
 * optional {@code --test} as (label, features) frames of {@code --partitions} blocks, read as
 * LIBSVM (labels as {@link LibSvmReader.Labels} say) or Avazu CSV with every line checked; the
 * feature count is {@code --num-features}, else the largest index in {@code --train} (Avazu: 2^18
 * hashing buckets). An empty test file is an error.
 *
 * @param train the training frame
 * @param test the test frame, or null without {@code --test}
 * @param numFeatures the feature count
 */
record JobData(Dataset<Row> train, Dataset<Row> test, int numFeatures) {

  /** Reads the job's data in {@code format} (libsvm or avazu). */
  static JobData read(Args args, SparkSession spark, String format, LibSvmReader.Labels labels) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    int partitions = JobFlags.partitions(args);
    String train = args.required("train");
    int numFeatures =
        args.has("num-features")
            ? args.integer("num-features", 0)
            : format.equals("avazu")
                ? 1 << 18
                : LibSvmReader.maxFeatureIndex(jsc, train, partitions, labels);
    Input input = new Input(format, labels, numFeatures, partitions);
    Dataset<Row> trainData = frame(spark, jsc, train, input);
    Dataset<Row> testData =
        args.has("test") ? frame(spark, jsc, args.required("test"), input) : null;
    if (testData != null && testData.isEmpty()) {
      throw new IllegalArgumentException(
          "--test " + args.required("test") + ": no records (an empty test file)");
    }
    return new JobData(trainData, testData, numFeatures);
  }

  /** How the data is read: format, LIBSVM labels, features and partitions. */
  private record Input(
      String format, LibSvmReader.Labels labels, int numFeatures, int partitions) {}

  /** The data at {@code path} as a (label, features) frame, every line checked. */
  private static Dataset<Row> frame(
      SparkSession spark, JavaSparkContext jsc, String path, Input input) {
    String format = input.format();
    int numFeatures = input.numFeatures();
    int partitions = input.partitions();
    if (!format.equals("avazu") && numFeatures < 1) {
      throw new IllegalArgumentException(
          path
              + (Lines.isEmptyDirectory(path)
                  ? ": empty directory (no data files in it)"
                  : ": no features found (empty file?)"));
    }
    JavaRDD<org.apache.spark.mllib.regression.LabeledPoint> points;
    if (format.equals("avazu")) {
      boolean header = hasAvazuHeader(jsc, path);
      points = AvazuCsvReader.read(jsc, path, numFeatures, header, partitions);
    } else {
      points = LibSvmReader.read(jsc, path, numFeatures, partitions, input.labels());
    }
    JavaRDD<LabeledPoint> ml =
        Lines.validated(points)
            .map(p -> new LabeledPoint(p.label(), p.features().asML()))
            .repartition(partitions);
    return spark.createDataFrame(ml, LabeledPoint.class);
  }

  private static boolean hasAvazuHeader(JavaSparkContext jsc, String path) {
    if (!Files.exists(Path.of(path)) && !path.contains("://")) {
      throw new IllegalArgumentException(path + ": no such file");
    }
    String first = jsc.textFile(path, 1).first();
    return first.startsWith("id,click");
  }
}
