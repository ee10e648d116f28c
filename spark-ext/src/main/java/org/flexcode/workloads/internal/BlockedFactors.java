package org.flexcode.workloads.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.metrics.IterationRecord;

/**
 * An ALS fit whose factors stayed on the executors ({@link FactorBlocks}): the blocks of both
 * sides' final versions, the objective history and the records. {@link #rows} reads a side as a
 * distributed RDD of (index, factors); {@link #gather} brings a side to the driver (tests, small
 * models); {@link #release} removes the blocks.
 */
public record BlockedFactors(
    int numUsers,
    int numItems,
    int rank,
    FactorBlocks.Ref users,
    FactorBlocks.Ref items,
    double[] objectiveHistory,
    List<IterationRecord> records) {

  /** Defensive copies. */
  public BlockedFactors {
    objectiveHistory = objectiveHistory.clone();
    records = List.copyOf(records);
  }

  /** The objective history. */
  @Override
  public double[] objectiveHistory() {
    return objectiveHistory.clone();
  }

  /**
   * One task per block of {@code side}: its rows as (row index, factors), read on the executors.
   */
  public static JavaRDD<IndexedFactors> rows(SparkContext sc, FactorBlocks.Ref side) {
    List<Integer> blocks = IntStream.range(0, side.blocks()).boxed().toList();
    return JavaSparkContext.fromSparkContext(sc)
        .parallelize(blocks, Math.max(1, blocks.size()))
        .flatMap(
            k -> {
              double[] block = FactorBlocks.readBlock(side, k);
              int rank = side.rank();
              List<IndexedFactors> out = new ArrayList<>();
              for (int r = 0; r < block.length / rank; r++) {
                double[] f = new double[rank];
                System.arraycopy(block, r * rank, f, 0, rank);
                out.add(new IndexedFactors(side.bounds()[k] + r, f));
              }
              return out.iterator();
            });
  }

  /** Every row of {@code side}, on the driver, row-major. */
  public static double[] gather(SparkContext sc, FactorBlocks.Ref side) {
    double[] all = new double[side.rows() * side.rank()];
    for (IndexedFactors row : rows(sc, side).collect()) {
      System.arraycopy(row.factors(), 0, all, row.index() * side.rank(), side.rank());
    }
    return all;
  }

  /** Removes both sides' blocks from the executors. */
  public void release(SparkContext sc) {
    FactorBlocks.release(sc, users);
    FactorBlocks.release(sc, items);
  }

  /** One row of factors and its index on its side. */
  public record IndexedFactors(int index, double[] factors) implements java.io.Serializable {}
}
