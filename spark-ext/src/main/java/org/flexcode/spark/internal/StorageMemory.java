package org.flexcode.spark.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.BlockManagerId;
import org.apache.spark.util.SizeEstimator;
import scala.Tuple2;
import scala.collection.JavaConverters;
import scala.runtime.AbstractFunction1;

/**
 * Adapter for what the block managers can hold: the storage memory free on the executors (from the
 * block manager master, which tells the driver's own block manager from the executors') and an
 * input's estimated size in memory (Spark's {@link SizeEstimator} over one partition, scaled to all
 * partitions).
 */
@SuppressWarnings("deprecation") // JavaConverters is deprecated in 2.13 but the only API in both
public final class StorageMemory {

  private StorageMemory() {}

  /**
   * The storage memory free for caching, in bytes, summed over the executors' block managers; in
   * local mode, where the driver's block manager caches, the driver's.
   */
  public static long freeBytes(SparkContext sc) {
    Map<BlockManagerId, Tuple2<Object, Object>> status =
        JavaConverters.mapAsJavaMap(sc.env().blockManager().master().getMemoryStatus());
    long executors = 0;
    long driver = 0;
    boolean anyExecutor = false;
    for (Map.Entry<BlockManagerId, Tuple2<Object, Object>> entry : status.entrySet()) {
      long remaining = (Long) entry.getValue()._2();
      if (entry.getKey().isDriver()) {
        driver += remaining;
      } else {
        anyExecutor = true;
        executors += remaining;
      }
    }
    return anyExecutor ? executors : driver;
  }

  /**
   * The estimated size in memory of all of {@code input}'s records: the first partition's records
   * measured by {@link SizeEstimator} in one task, times the partitions (0 for an empty input).
   */
  public static <T> long estimatedBytes(RDD<T> input) {
    if (input.getNumPartitions() == 0) {
      return 0;
    }
    Object[] sizes =
        (Object[])
            input
                .context()
                .runJob(
                    input,
                    new PartitionSize<T>(),
                    SparkInternals.intSeq(new int[] {0}),
                    SparkInternals.classTag(Long.class));
    return (Long) sizes[0] * input.getNumPartitions();
  }

  /** A partition's records' size in memory. */
  private static final class PartitionSize<T>
      extends AbstractFunction1<scala.collection.Iterator<T>, Long> implements Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Long apply(scala.collection.Iterator<T> records) {
      List<T> held = new ArrayList<>();
      while (records.hasNext()) {
        held.add(records.next());
      }
      return SizeEstimator.estimate(held);
    }
  }
}
