package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.SparkInternals;

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
        SparkInternals.immutableSeq(List.of(new BlockHomeDependency<>(copies, plan))),
        SparkInternals.classTag(CodedBlock.class));
    this.copies = copies;
    this.plan = plan;
    this.locations = locations == null ? null : locations.clone();
  }

  @Override
  public Partition[] getPartitions() {
    Partition[] coded = copies.partitions();
    Partition[] partitions = new Partition[plan.numTasks()];
    for (int p = 0; p < partitions.length; p++) {
      int[] chunks = chunksOf(plan, p);
      Partition[] members = new Partition[chunks.length];
      for (int k = 0; k < chunks.length; k++) {
        members[k] = coded[plan.taskOf(chunks[k], 0)];
      }
      partitions[p] = new BlockHomePartition(p, members);
    }
    return partitions;
  }

  @Override
  public scala.collection.Iterator<CodedBlock<T>> compute(Partition split, TaskContext context) {
    List<CodedBlock<T>> blocks = new ArrayList<>();
    for (Partition member : ((BlockHomePartition) split).members()) {
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

  /** Partition p: the home copies of its block's chunks (none unless p is a block's first). */
  record BlockHomePartition(int index, Partition[] members) implements Partition {
    private static final long serialVersionUID = 1L;

    /** As Spark's partitions do: the index identifies the partition within its RDD. */
    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof BlockHomePartition p && p.index == index;
    }

    @Override
    public String toString() {
      return "BlockHomePartition(" + index + ")";
    }
  }

  /** A block task reads the home copies of its block's chunks. */
  static final class BlockHomeDependency<T> extends NarrowDependency<CodedBlock<T>> {
    private static final long serialVersionUID = 1L;
    private final StealPlan plan;

    BlockHomeDependency(RDD<CodedBlock<T>> copies, StealPlan plan) {
      super(copies);
      this.plan = plan;
    }

    @Override
    public scala.collection.immutable.Seq<Object> getParents(int partitionId) {
      int[] chunks = chunksOf(plan, partitionId);
      int[] homes = new int[chunks.length];
      for (int k = 0; k < chunks.length; k++) {
        homes[k] = plan.taskOf(chunks[k], 0);
      }
      return SparkInternals.intSeq(homes);
    }
  }
}
