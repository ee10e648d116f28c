package org.flexcode.bench;

import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.Args;
import org.flexcode.data.AvazuCsvReader;

/**
 * What the wide-fit experiment fits ({@link WideFitExperiment}): the training DataFrame ({@code
 * label}, {@code features}) in {@code tasks} partitions, a test DataFrame for the AUC (null when
 * there is none), the fits' defaults and the line that describes the data in the table.
 *
 * <p>Either synthetic rows ({@link WideFitData}: {@code --features} (2^18), {@code --tasks} (128),
 * {@code --rows-per-task} (8), {@code --nnz} (4,096); maxIter 10 by default), or, with {@code
 * --train FILE.csv}, Avazu click logs hashed into {@code --features} buckets (2^20) in {@code
 * --tasks} partitions (16), with {@code --test FILE.csv} for the AUC (maxIter 30 by default).
 *
 * @param training the training rows, not cached
 * @param test the held-out rows, or null
 * @param tasks the training rows' partitions (the drop-ins' numTasks)
 * @param defaultMaxIter maxIter when {@code --max-iter} is not given
 * @param description the data, for the table's heading
 */
record WideFitInput(
    Dataset<Row> training, Dataset<Row> test, int tasks, int defaultMaxIter, String description) {

  /** The input the bench's options ask for. */
  static WideFitInput of(SparkSession spark, Args args) {
    if (args.has("train")) {
      return avazu(spark, args);
    }
    WideFitData data =
        new WideFitData(
            args.integer("features", 1 << 18),
            args.integer("tasks", 128),
            args.integer("rows-per-task", 8),
            args.integer("nnz", 4096),
            args.integer("seed", 7));
    return new WideFitInput(
        data.frame(spark),
        null,
        data.tasks(),
        10,
        String.format(
            Locale.ROOT,
            "%d features, %d tasks x %d rows of %d non-zeros",
            data.features(),
            data.tasks(),
            data.rowsPerTask(),
            data.nnz()));
  }

  /** Avazu's CSV ({@code --train}, {@code --test}) hashed into {@code --features} buckets. */
  private static WideFitInput avazu(SparkSession spark, Args args) {
    int features = args.integer("features", 1 << 20);
    int tasks = args.integer("tasks", 16);
    if (features < 2 || tasks < 1) {
      throw new IllegalArgumentException(
          "wide-fit on Avazu needs --features >= 2 and --tasks >= 1, got "
              + features
              + ", "
              + tasks);
    }
    String train = args.required("train");
    Dataset<Row> training = avazuFrame(spark, train, features, tasks);
    Dataset<Row> test =
        args.has("test") ? avazuFrame(spark, args.required("test"), features, 1) : null;
    return new WideFitInput(
        training,
        test,
        tasks,
        30,
        String.format(
            Locale.ROOT,
            "Avazu %s hashed into %d features, %d tasks%s",
            train,
            features,
            tasks,
            test == null ? "" : ", AUC on " + args.required("test")));
  }

  /** The rows of one Avazu CSV (with or without its header) as ml LabeledPoints. */
  private static Dataset<Row> avazuFrame(
      SparkSession spark, String path, int features, int partitions) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    boolean header = jsc.textFile(path, 1).first().startsWith("id,click");
    JavaRDD<LabeledPoint> points =
        AvazuCsvReader.read(jsc, path, features, header, partitions)
            .map(p -> new LabeledPoint(p.label(), p.features().asML()))
            .repartition(partitions);
    return spark.createDataFrame(points, LabeledPoint.class);
  }
}
