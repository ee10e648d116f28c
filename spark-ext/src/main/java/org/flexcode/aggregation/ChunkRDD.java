package org.flexcode.aggregation;

import java.util.List;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.SparkInternals;

/**
 * {@code steal}'s chunk copies as an RDD: partition t holds chunk (t mod C) of the {@link
 * StealPlan}, the records of its input block whose index within the block is the chunk's piece
 * modulo chunks per block (a narrow dependency on that one input partition). The engine lays it out
 * uncoded, caches each partition on its planned executor, and recomputes a lost chunk from its
 * input block (lineage).
 */
final class ChunkRDD<T> extends RDD<T> {

  private static final long serialVersionUID = 1L;

  private final RDD<T> parent;
  private final StealPlan plan;

  ChunkRDD(RDD<T> parent, StealPlan plan) {
    super(
        parent.context(),
        SparkInternals.immutableSeq(List.of(new ChunkDependency<>(parent, plan))),
        parent.elementClassTag());
    this.parent = parent;
    this.plan = plan;
  }

  @Override
  public Partition[] getPartitions() {
    Partition[] parents = parent.partitions();
    Partition[] partitions = new Partition[plan.numTasks()];
    for (int t = 0; t < partitions.length; t++) {
      partitions[t] = new ChunkPartition(t, parents[plan.blockOf(plan.chunkOf(t))]);
    }
    return partitions;
  }

  @Override
  public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
    ChunkPartition partition = (ChunkPartition) split;
    int piece = plan.pieceOf(plan.chunkOf(partition.index));
    int stride = plan.chunksPerBlock();
    scala.collection.Iterator<T> records = parent.iterator(partition.parent, context);
    return SparkInternals.asScala(
        new java.util.Iterator<T>() {
          private long index = -1;
          private T next;
          private boolean ready = advance();

          private boolean advance() {
            while (records.hasNext()) {
              T record = records.next();
              index++;
              if (index % stride == piece) {
                next = record;
                return true;
              }
            }
            next = null;
            return false;
          }

          @Override
          public boolean hasNext() {
            return ready;
          }

          @Override
          public T next() {
            if (!ready) {
              throw new java.util.NoSuchElementException();
            }
            T current = next;
            ready = advance();
            return current;
          }
        });
  }

  /** Partition t: a copy of chunk t mod C, read from its block's input partition. */
  record ChunkPartition(int index, Partition parent) implements Partition {
    private static final long serialVersionUID = 1L;

    /** As Spark's partitions do: the index identifies the partition within its RDD. */
    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof ChunkPartition p && p.index == index;
    }
  }

  /** Partition t depends on the input partition of its chunk's block. */
  static final class ChunkDependency<T> extends NarrowDependency<T> {
    private static final long serialVersionUID = 1L;
    private final StealPlan plan;

    ChunkDependency(RDD<T> parent, StealPlan plan) {
      super(parent);
      this.plan = plan;
    }

    @Override
    public scala.collection.immutable.Seq<Object> getParents(int partitionId) {
      return SparkInternals.intSeq(new int[] {plan.blockOf(plan.chunkOf(partitionId))});
    }
  }
}
