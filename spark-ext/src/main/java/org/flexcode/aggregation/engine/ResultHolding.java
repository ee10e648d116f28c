package org.flexcode.aggregation.engine;

import java.io.Serializable;
import org.apache.spark.util.Utils;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.spark.internal.ExecutorBlocks;

/**
 * Where an iteration's task results go: a result whose packed values take more than {@code
 * resultMaxBytes} (its share of the iteration's inline budget, {@code iterationMaxBytes}) stays in
 * its executor's block manager (block {@link #blockOf} of set {@code blocksId}) and only its length
 * travels with the arrival; a smaller one travels whole. {@link #INLINE}: every result travels (no
 * set). With {@code slices} (a sliced iteration's) a held result is kept cut into its slices
 * instead ({@link HeldSlices}).
 */
record ResultHolding(int blocksId, long resultMaxBytes, long iterationMaxBytes, HeldSlices slices)
    implements Serializable {

  /** Task ids below this; an attempt's blocks start at attempt x this. */
  private static final int TASK_STRIDE = 1 << 20;

  /** Every result travels to the driver. */
  static final ResultHolding INLINE = new ResultHolding(-1, Long.MAX_VALUE, Long.MAX_VALUE);

  /** A holding that keeps a held result whole. */
  ResultHolding(int blocksId, long resultMaxBytes, long iterationMaxBytes) {
    this(blocksId, resultMaxBytes, iterationMaxBytes, null);
  }

  /** Whether results above the threshold stay on their executors. */
  boolean holds() {
    return blocksId >= 0;
  }

  /** The threshold as the log says it: the budget and a result's share, or "inf". */
  String describeThreshold() {
    return holds()
        ? Utils.bytesToString(iterationMaxBytes)
            + " per iteration, "
            + Utils.bytesToString(resultMaxBytes)
            + " per task result"
        : "inf";
  }

  /** The block of task {@code task}'s attempt {@code attempt}: unique within the iteration. */
  int blockOf(int task, int attempt) {
    return attempt * TASK_STRIDE + task;
  }

  /**
   * {@code values} as it travels: itself when small (or when the executor's memory refused it),
   * else {@link PackedVector#held} after keeping the values in this executor's block manager. Every
   * held result is kept whole (not added into an executor-level sum as it arrives): the driver may
   * decide without some of them (a straggler's, a second copy's), and a sum cannot drop one.
   */
  PackedVector report(int task, int attempt, PackedVector values) {
    if (!holds() || values.wireBytes() <= resultMaxBytes) {
      return values;
    }
    boolean kept =
        slices != null
            ? slices.put(blockOf(task, attempt), values)
            : ExecutorBlocks.put(blocksId, blockOf(task, attempt), values.toWire());
    return kept ? PackedVector.held(values.length()) : values;
  }
}
