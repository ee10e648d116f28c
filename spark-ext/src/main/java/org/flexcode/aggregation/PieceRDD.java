package org.flexcode.aggregation;

import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.SparkInternals;

/**
 * {@code steal}'s chunks as an RDD: partition c holds chunk c of the {@link StealPlan}, the records
 * of its input block whose index within the block is the chunk's piece modulo chunks per block (a
 * narrow dependency on that one input partition, so Spark runs it where the block is cached). The
 * engine caches it while {@link ChunkRDD} copies each chunk to its holders: the input block is read
 * once per chunk, not once per copy.
 */
final class PieceRDD<T> extends PlanRDD<T, T> {

  private static final long serialVersionUID = 1L;

  PieceRDD(RDD<T> parent, StealPlan plan) {
    super(parent, plan, PieceRDD::inputBlockOf, plan.numChunks(), parent.elementClassTag());
  }

  @Override
  public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
    PlanDependency.PlanPartition partition = (PlanDependency.PlanPartition) split;
    int piece = plan.pieceOf(partition.index());
    int stride = plan.chunksPerBlock();
    scala.collection.Iterator<T> records = parent.iterator(partition.parents()[0], context);
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

  /** The input partition chunk {@code c} reads: its block. */
  static int[] inputBlockOf(StealPlan plan, int c) {
    return new int[] {plan.blockOf(c)};
  }
}
