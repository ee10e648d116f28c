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

  /** Which attempt of which task of which iteration ran where, and when it started. */
  record Attempt(int iteration, int task, int attempt, String executorId, long startMs) {}

  /** {@code attempt}'s coded partial statistic, finished now. */
  static PartialResult success(Attempt attempt, long injectedDelayMs, double[] values) {
    return new PartialResult(
        attempt.iteration(),
        attempt.task(),
        attempt.attempt(),
        attempt.executorId(),
        attempt.startMs(),
        System.currentTimeMillis(),
        injectedDelayMs,
        PackedVector.pack(values),
        null);
  }

  /** {@code attempt} threw, now. */
  static PartialResult failure(Attempt attempt, String error) {
    return new PartialResult(
        attempt.iteration(),
        attempt.task(),
        attempt.attempt(),
        attempt.executorId(),
        attempt.startMs(),
        System.currentTimeMillis(),
        0,
        null,
        error);
  }

  boolean failed() {
    return error != null;
  }
}
