package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.engine.CodedBlock;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * {@code steal}'s home work as one task per block: partition p, for p the first chunk of a block (p
 * mod chunks per block = 0, p below the number of chunks), holds the home copies of chunks p .. p +
 * chunks per block - 1, all cached on the block's home executor, which it prefers; the other
 * partitions hold nothing and are never run. Partitions are numbered as {@link HolderRDD}'s, so a
 * block task's partition is its first chunk's home task.
 */
final class BlockHomeRDD<T> extends RDD<CodedBlock<T>> {

  private static final long serialVersionUID = 1L;

  private final CodedRDD<T> copies;
  private final StealPlan plan;
  private final String[] locations;

  /** {@code locations[e]}: the Spark location of planned executor e (null in local mode). */
  BlockHomeRDD(CodedRDD<T> copies, StealPlan plan, String[] locations) {
    super(
        copies.context(),
        SparkInternals.immutableSeq(
            List.of(new PlanDependency<>(copies, plan, BlockHomeRDD::homeCopiesOf))),
        SparkInternals.classTag(CodedBlock.class));
    this.copies = copies;
    this.plan = plan;
    this.locations = locations == null ? null : locations.clone();
  }

  @Override
  public Partition[] getPartitions() {
    return new PlanDependency<>(copies, plan, BlockHomeRDD::homeCopiesOf)
        .partitions(plan.numTasks());
  }

  @Override
  public scala.collection.Iterator<CodedBlock<T>> compute(Partition split, TaskContext context) {
    List<CodedBlock<T>> blocks = new ArrayList<>();
    for (Partition member : ((PlanDependency.PlanPartition) split).parents()) {
      scala.collection.Iterator<CodedBlock<T>> cached = copies.iterator(member, context);
      while (cached.hasNext()) {
        blocks.add(cached.next());
      }
    }
    return SparkInternals.asScala(blocks.iterator());
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    int[] chunks = chunksOf(plan, split.index());
    if (locations == null || chunks.length == 0) {
      return SparkInternals.immutableSeq(List.of());
    }
    int home = plan.executorOf(plan.taskOf(chunks[0], 0));
    return SparkInternals.immutableSeq(List.of(locations[home]));
  }

  /** The chunks partition {@code p} runs: a block's, if p is its first chunk; else none. */
  static int[] chunksOf(StealPlan plan, int p) {
    int group = plan.chunksPerBlock();
    if (p >= plan.numChunks() || p % group != 0) {
      return new int[0];
    }
    int[] chunks = new int[group];
    for (int k = 0; k < group; k++) {
      chunks[k] = p + k;
    }
    return chunks;
  }

  /** The home copies partition {@code p} reads: its block's chunks' (none unless p is a first). */
  static int[] homeCopiesOf(StealPlan plan, int p) {
    int[] chunks = chunksOf(plan, p);
    int[] homes = new int[chunks.length];
    for (int k = 0; k < chunks.length; k++) {
      homes[k] = plan.taskOf(chunks[k], 0);
    }
    return homes;
  }
}
