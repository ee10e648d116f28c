package org.flexcode.aggregation.copies.internal;

import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * {@code steal}'s chunk copies as an RDD: partition t holds chunk (t mod C) of the {@link
 * StealPlan}, read whole from partition (t mod C) of its {@link PieceRDD} (a narrow dependency on
 * that one chunk). The engine lays it out uncoded, caches each partition on its planned executor,
 * and recomputes a lost copy from its chunk, or the chunk from its input block (lineage).
 */
final class ChunkRDD<T> extends PlanRDD<T, T> {

  private static final long serialVersionUID = 1L;

  /** The copies of {@code pieces}' chunks ({@link PieceRDD} over the same {@code plan}). */
  ChunkRDD(RDD<T> pieces, StealPlan plan) {
    super(pieces, plan, ChunkRDD::chunkOf, plan.numTasks(), SparkInternals.elementClassTag(pieces));
  }

  @Override
  public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
    PlanDependency.PlanPartition partition = (PlanDependency.PlanPartition) split;
    return parent.iterator(partition.parents()[0], context);
  }

  /** The chunk copy task {@code t} holds. */
  static int[] chunkOf(StealPlan plan, int t) {
    return new int[] {plan.chunkOf(t)};
  }
}
