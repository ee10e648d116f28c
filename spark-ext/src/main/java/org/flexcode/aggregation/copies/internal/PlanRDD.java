package org.flexcode.aggregation.copies.internal;

import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;
import scala.reflect.ClassTag;

/**
 * An RDD over a {@link StealPlan} whose partition p reads the parent partitions {@link
 * PlanDependency.ParentsOf} names for it ({@link PieceRDD}, {@link ChunkRDD}, {@link
 * GroupedCaching}); subclasses say what a partition computes from them.
 */
abstract class PlanRDD<P, T> extends RDD<T> {

  private static final long serialVersionUID = 1L;

  /** The RDD whose partitions this one reads. */
  protected final RDD<P> parent;

  /** The plan the partitions follow. */
  protected final StealPlan plan;

  private final PlanDependency.ParentsOf parentsOf;
  private final int partitions;

  /** {@code partitions} partitions, partition p reading {@code parentsOf.of(plan, p)}. */
  PlanRDD(
      RDD<P> parent,
      StealPlan plan,
      PlanDependency.ParentsOf parentsOf,
      int partitions,
      ClassTag<T> elements) {
    super(
        parent.context(),
        SparkInternals.immutableSeq(List.of(new PlanDependency<>(parent, plan, parentsOf))),
        elements);
    this.parent = parent;
    this.plan = plan;
    this.parentsOf = parentsOf;
    this.partitions = partitions;
  }

  @Override
  public final Partition[] getPartitions() {
    return new PlanDependency<>(parent, plan, parentsOf).partitions(partitions);
  }
}
