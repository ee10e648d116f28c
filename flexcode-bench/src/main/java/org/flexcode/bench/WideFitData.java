package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The synthetic binary training data of {@link WideFitExperiment}: {@code tasks} partitions of
 * {@code rowsPerTask} rows, each row a sparse vector of {@code features} with {@code nnz} distinct
 * random indices and standard normal values, and a label 1 with the logistic probability of the
 * row's margin under a fixed weight vector (each weight uniform in [-1, 1), a function of the index
 * and the seed), the margin scaled to a standard deviation of about 2. Every draw is seeded by the
 * seed and the partition, so the data is the same on every run.
 *
 * @param features the features (the vectors' size)
 * @param tasks the partitions
 * @param rowsPerTask the rows of each partition
 * @param nnz the non-zeros of each row
 * @param seed the seed of every draw
 */
record WideFitData(int features, int tasks, int rowsPerTask, int nnz, long seed)
    implements java.io.Serializable {

  /** The data's columns: {@code label} (0 or 1) and {@code features} (a sparse ml vector). */
  static final StructType SCHEMA =
      new StructType()
          .add("label", DataTypes.DoubleType, false)
          .add("features", SQLDataTypes.VectorType(), false);

  /** Checks the sizes. */
  WideFitData {
    if (features < 1 || tasks < 1 || rowsPerTask < 1 || nnz < 1 || nnz > features) {
      throw new IllegalArgumentException(
          "wide-fit needs --features, --tasks, --rows-per-task, --nnz >= 1 and --nnz <= "
              + "--features, got "
              + features
              + ", "
              + tasks
              + ", "
              + rowsPerTask
              + ", "
              + nnz);
    }
  }

  /** The rows as a DataFrame of {@link #SCHEMA} in {@code tasks} partitions (not cached). */
  Dataset<Row> frame(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    WideFitData data = this;
    JavaRDD<Row> rows =
        jsc.parallelize(IntStream.range(0, tasks).boxed().toList(), tasks)
            .flatMap(partition -> data.rowsOf(partition).iterator());
    return spark.createDataFrame(rows, SCHEMA);
  }

  /** The rows of partition {@code partition}. */
  List<Row> rowsOf(int partition) {
    Random random = new Random(seed * 1_000_003L + partition);
    double marginScale = 2.0 / Math.sqrt(nnz / 3.0);
    List<Row> rows = new ArrayList<>(rowsPerTask);
    for (int r = 0; r < rowsPerTask; r++) {
      int[] indices = distinctSortedIndices(random);
      double[] values = new double[nnz];
      double margin = 0;
      for (int k = 0; k < nnz; k++) {
        values[k] = random.nextGaussian();
        margin += values[k] * trueWeight(indices[k]);
      }
      double probability = 1.0 / (1.0 + Math.exp(-margin * marginScale));
      double label = random.nextDouble() < probability ? 1.0 : 0.0;
      rows.add(RowFactory.create(label, Vectors.sparse(features, indices, values)));
    }
    return rows;
  }

  /** {@code nnz} distinct indices in [0, features), sorted (Floyd's sampling). */
  private int[] distinctSortedIndices(Random random) {
    java.util.BitSet chosen = new java.util.BitSet(features);
    for (int j = features - nnz; j < features; j++) {
      int pick = random.nextInt(j + 1);
      chosen.set(chosen.get(pick) ? j : pick);
    }
    return chosen.stream().toArray();
  }

  /** The weight of feature {@code index} that the labels follow: uniform in [-1, 1). */
  double trueWeight(int index) {
    long z = seed * 0x9E3779B97F4A7C15L + index * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (z >>> 11) * 0x1.0p-53 * 2.0 - 1.0;
  }
}
