package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * What one task attempt reports through the accumulator: its coded partial statistic (or, for an
 * attempt that threw, the error; packed sparse when mostly zeros), tagged with the iteration and
 * task so the driver can drop late results of earlier iterations.
 */
record PartialResult(
    int iteration,
    int task,
    int attempt,
    String executorId,
    long startMs,
    long finishMs,
    long injectedDelayMs,
    PackedVector values,
    String error)
    implements Serializable {

  /** A task attempt's coded partial statistic, finished now. */
  static PartialResult success(
      int iteration,
      int task,
      int attempt,
      String executorId,
      long startMs,
      long injectedDelayMs,
      double[] values) {
    return new PartialResult(
        iteration,
        task,
        attempt,
        executorId,
        startMs,
        System.currentTimeMillis(),
        injectedDelayMs,
        PackedVector.pack(values),
        null);
  }

  /** A task attempt that threw, now. */
  static PartialResult failure(
      int iteration, int task, int attempt, String executorId, long startMs, String error) {
    return new PartialResult(
        iteration, task, attempt, executorId, startMs, System.currentTimeMillis(), 0, null, error);
  }

  boolean failed() {
    return error != null;
  }
}
