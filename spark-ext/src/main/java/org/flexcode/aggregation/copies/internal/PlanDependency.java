package org.flexcode.aggregation.copies.internal;

import java.io.Serializable;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * The narrow dependency of {@code steal}'s RDDs over a {@link StealPlan} ({@link PlanRDD}s, {@link
 * HolderRDD}, {@link BlockHomeRDD}): partition p reads the parent partitions {@code parentsOf(plan,
 * p)}, which its {@link PlanPartition} carries.
 */
final class PlanDependency<T> extends NarrowDependency<T> {

  private static final long serialVersionUID = 1L;

  /** Which parent partitions a child partition reads. */
  interface ParentsOf extends Serializable {
    /** The indexes of the parent partitions partition {@code partition} reads. */
    int[] of(StealPlan plan, int partition);
  }

  private final StealPlan plan;
  private final ParentsOf parentsOf;

  PlanDependency(RDD<T> parent, StealPlan plan, ParentsOf parentsOf) {
    super(parent);
    this.plan = plan;
    this.parentsOf = parentsOf;
  }

  @Override
  public scala.collection.immutable.Seq<Object> getParents(int partitionId) {
    return SparkInternals.intSeq(parentsOf.of(plan, partitionId));
  }

  /** The child's {@code count} partitions, each with the parent partitions it reads. */
  Partition[] partitions(int count) {
    Partition[] parent = rdd().partitions();
    Partition[] partitions = new Partition[count];
    for (int p = 0; p < count; p++) {
      int[] indexes = parentsOf.of(plan, p);
      Partition[] parents = new Partition[indexes.length];
      for (int k = 0; k < indexes.length; k++) {
        parents[k] = parent[indexes[k]];
      }
      partitions[p] = new PlanPartition(p, parents);
    }
    return partitions;
  }

  /** Partition {@code index} of a child RDD and the parent partitions it reads. */
  record PlanPartition(int index, Partition[] parents) implements Partition {
    private static final long serialVersionUID = 1L;

    /** As Spark's partitions do: the index identifies the partition within its RDD. */
    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof PlanPartition p && p.index == index;
    }

    @Override
    public String toString() {
      return "PlanPartition(" + index + ")";
    }
  }
}
