package org.flexcode.ml;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.workloads.internal.FactorBlocks;
import scala.Tuple2;

/**
 * The factor frame of {@link org.apache.spark.ml.recommendation.ALSModel} ({@code id} int, {@code
 * features} array of float) built from factor blocks on the executors: one task per block reads its
 * block and writes its rows under their original ids; the frame is cached and materialized, so the
 * blocks may be released after. The driver sends each task only its slice of the ids.
 */
final class FactorFrames {

  private FactorFrames() {}

  /** The schema ALS's factor frames have. */
  static StructType schema() {
    return new StructType()
        .add("id", DataTypes.IntegerType, false)
        .add("features", DataTypes.createArrayType(DataTypes.FloatType, false), true);
  }

  /** {@code side}'s rows under {@code ids} (row r's id is ids[r]), cached and materialized. */
  static Dataset<Row> of(SparkSession spark, int[] ids, FactorBlocks.Ref side) {
    List<Tuple2<Integer, int[]>> blocks = new ArrayList<>();
    for (int k = 0; k < side.blocks(); k++) {
      blocks.add(new Tuple2<>(k, Arrays.copyOfRange(ids, side.bounds()[k], side.bounds()[k + 1])));
    }
    int rank = side.rank();
    JavaRDD<Row> rows =
        JavaSparkContext.fromSparkContext(spark.sparkContext())
            .parallelize(blocks, blocks.size())
            .flatMap(
                block -> {
                  double[] factors = FactorBlocks.readBlock(side, block._1());
                  int[] blockIds = block._2();
                  List<Row> out = new ArrayList<>(blockIds.length);
                  for (int r = 0; r < blockIds.length; r++) {
                    List<Float> features = new ArrayList<>(rank);
                    for (int k = 0; k < rank; k++) {
                      features.add((float) factors[r * rank + k]);
                    }
                    out.add(RowFactory.create(blockIds[r], SparkInternals.immutableSeq(features)));
                  }
                  return out.iterator();
                });
    Dataset<Row> frame =
        spark.createDataFrame(rows, schema()).persist(StorageLevel.MEMORY_AND_DISK());
    frame.count();
    return frame;
  }
}
