package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * {@code steal}'s chunks as an RDD: partition c holds chunk c of the {@link StealPlan}, the records
 * of its input block whose index within the block is the chunk's piece modulo chunks per block (a
 * narrow dependency on that one input partition). The engine caches it while {@link ChunkRDD}
 * copies each chunk to its holders: the input block is read once per setup task that cuts its
 * chunks ({@link ReadOncePerTask}), not once per copy.
 */
final class PieceRDD<T> extends PlanRDD<T, T> {

  private static final long serialVersionUID = 1L;

  PieceRDD(RDD<T> parent, StealPlan plan) {
    super(
        parent,
        plan,
        PieceRDD::inputBlockOf,
        plan.numChunks(),
        SparkInternals.elementClassTag(parent));
  }

  @Override
  public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
    PlanDependency.PlanPartition partition = (PlanDependency.PlanPartition) split;
    int piece = plan.pieceOf(partition.index());
    int stride = plan.chunksPerBlock();
    List<T> block = ReadOncePerTask.records(parent, partition.parents()[0], context);
    List<T> chunk = new ArrayList<>(block.size() / stride + 1);
    for (int i = piece; i < block.size(); i += stride) {
      chunk.add(block.get(i));
    }
    return SparkInternals.asScala(chunk.iterator());
  }

  /** The input partition chunk {@code c} reads: its block. */
  static int[] inputBlockOf(StealPlan plan, int c) {
    return new int[] {plan.blockOf(c)};
  }
}
