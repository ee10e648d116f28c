package org.flexcode.aggregation.engine;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.apache.spark.TaskContext;
import org.flexcode.spark.internal.SparkInternals;

/**
 * A block's records as a statistic reads them, checking every {@value #CHECK_EVERY} records whether
 * Spark has cancelled the task ({@link TaskContext#killTaskIfInterrupted()}): a straggler that is
 * slow because its machine is slow, not because it sleeps, stops computing once the iteration has
 * decoded without it instead of keeping its core busy into the next one. Reading through the
 * iterator or by index both check; the check is a volatile read.
 */
final class InterruptibleRecords<T> extends AbstractList<T> implements RandomAccess {

  /** Records read between two checks. */
  static final int CHECK_EVERY = 1024;

  private final List<T> records;
  private final TaskContext context;

  private InterruptibleRecords(List<T> records, TaskContext context) {
    this.records = records;
    this.context = context;
  }

  /** {@code records} checked against {@code context}; the list itself outside a task. */
  static <T> List<T> of(List<T> records, TaskContext context) {
    return context == null ? records : new InterruptibleRecords<>(records, context);
  }

  @Override
  public T get(int index) {
    if ((index & (CHECK_EVERY - 1)) == 0) {
      SparkInternals.killTaskIfInterrupted(context);
    }
    return records.get(index);
  }

  @Override
  public int size() {
    return records.size();
  }
}
