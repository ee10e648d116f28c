package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.util.TaskCompletionListener;

/**
 * A parent partition's records read once per task attempt, for the several chunks one setup task
 * cuts from the same input block ({@link PieceRDD}). Each chunk reading the block itself fetched
 * and deserialized a block cached on another executor once per chunk, four times at chunks=4: in
 * the emulated bench of docs/archive/BENCHMARKS-journal.md, 2026-11-27, "auto's setup, job by job",
 * the 16 tasks cutting chunks took 371-622 ms each that way, 247-487 ms reading each block once.
 * The task keeps the last partition it read until it ends.
 */
final class ReadOncePerTask {

  private static final Map<Long, Read> READS = new ConcurrentHashMap<>();

  private record Read(int rddId, int partition, List<Object> records) {}

  private ReadOncePerTask() {}

  /** The records of {@code rdd}'s {@code partition}, read at most once by this task attempt. */
  @SuppressWarnings("unchecked")
  static <T> List<T> records(RDD<T> rdd, Partition partition, TaskContext context) {
    long attempt = context.taskAttemptId();
    Read last = READS.get(attempt);
    if (last != null && last.rddId() == rdd.id() && last.partition() == partition.index()) {
      return (List<T>) (List<?>) last.records();
    }
    List<Object> records = new ArrayList<>();
    scala.collection.Iterator<T> read = rdd.iterator(partition, context);
    while (read.hasNext()) {
      records.add(read.next());
    }
    if (last == null) {
      context.addTaskCompletionListener((TaskCompletionListener) done -> READS.remove(attempt));
    }
    READS.put(attempt, new Read(rdd.id(), partition.index(), records));
    return (List<T>) (List<?>) records;
  }
}
