package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What one task attempt reports through the accumulator: its coded partial statistic (or, for an
 * attempt that threw, the error; packed sparse when mostly zeros), tagged with the iteration and
 * task so the driver can drop late results of earlier iterations, and with the CPU load of the
 * executor's host used by other processes when it finished ({@link OthersCpuLoad}, NaN for an
 * error). {@code covers}: the consecutive tasks from {@code task} the statistic is the sum of (1
 * but for {@code steal}'s block tasks, which report their chunks' sum once; {@link #covered} splits
 * it, so the driver records a block's chunks together). It travels as {@link #toWire}'s JDK-only
 * array, never as this class.
 */
public record PartialResult(
    int iteration,
    int task,
    int attempt,
    String executorId,
    long startMs,
    long finishMs,
    long injectedDelayMs,
    PackedVector values,
    String error,
    double othersCpuLoad,
    int covers)
    implements Serializable {

  /** Which attempt of which task of which iteration ran where, and when it started. */
  public record Attempt(int iteration, int task, int attempt, String executorId, long startMs) {}

  /**
   * {@code attempt}'s coded partial statistic, finished now; {@code othersCpuLoad}: as {@link
   * OthersCpuLoad}.
   */
  public static PartialResult success(
      Attempt attempt, long injectedDelayMs, double[] values, double othersCpuLoad) {
    return successCovering(attempt, injectedDelayMs, values, othersCpuLoad, 1);
  }

  /**
   * {@code attempt}'s sum over tasks {@code attempt.task()} .. + {@code covers} - 1, finished now
   * (a block task's chunks).
   */
  public static PartialResult successCovering(
      Attempt attempt, long injectedDelayMs, double[] values, double othersCpuLoad, int covers) {
    return finishedNow(
        attempt, injectedDelayMs, PackedVector.pack(values), null, othersCpuLoad, covers);
  }

  /**
   * {@code attempt}'s sum over {@code covers} tasks from {@code attempt.task()}, already packed
   * ({@link PackedVector#held} when the values stayed on the executor), finished now.
   */
  public static PartialResult successPacked(
      Attempt attempt,
      long injectedDelayMs,
      PackedVector values,
      double othersCpuLoad,
      int covers) {
    return finishedNow(attempt, injectedDelayMs, values, null, othersCpuLoad, covers);
  }

  /** {@code attempt}'s result, finished now: its statistic or its error. */
  private static PartialResult finishedNow(
      Attempt attempt,
      long injectedDelayMs,
      PackedVector values,
      String error,
      double othersCpuLoad,
      int covers) {
    return new PartialResult(
        attempt.iteration(),
        attempt.task(),
        attempt.attempt(),
        attempt.executorId(),
        attempt.startMs(),
        System.currentTimeMillis(),
        injectedDelayMs,
        values,
        error,
        othersCpuLoad,
        covers);
  }

  /**
   * This result as one result per task it covers: the first carries the statistic, the others zero;
   * itself when it covers one task.
   */
  public List<PartialResult> covered() {
    if (covers == 1) {
      return List.of(this);
    }
    List<PartialResult> parts = new ArrayList<>(covers);
    PackedVector zero = PackedVector.pack(new double[values.length()]);
    for (int k = 0; k < covers; k++) {
      parts.add(
          new PartialResult(
              iteration,
              task + k,
              attempt,
              executorId,
              startMs,
              finishMs,
              injectedDelayMs,
              k == 0 ? values : zero,
              null,
              othersCpuLoad,
              1));
    }
    return parts;
  }

  /** {@code attempt} threw, now. */
  public static PartialResult failure(Attempt attempt, String error) {
    return finishedNow(attempt, 0, null, error, Double.NaN, 1);
  }

  /**
   * This result as JDK types only (boxed numbers, strings, primitive arrays in an {@code
   * Object[]}): what travels from the task to the driver, so that Spark's result thread can
   * deserialize it without FlexCode on the driver's system class path (a jar added at run time).
   */
  public Object[] toWire() {
    return new Object[] {
      iteration,
      task,
      attempt,
      executorId,
      startMs,
      finishMs,
      injectedDelayMs,
      values == null ? null : values.toWire(),
      error,
      othersCpuLoad,
      covers
    };
  }

  /** The result {@link #toWire} encoded. */
  public static PartialResult fromWire(Object[] wire) {
    return new PartialResult(
        (Integer) wire[0],
        (Integer) wire[1],
        (Integer) wire[2],
        (String) wire[3],
        (Long) wire[4],
        (Long) wire[5],
        (Long) wire[6],
        wire[7] == null ? null : PackedVector.fromWire((Object[]) wire[7]),
        (String) wire[8],
        (Double) wire[9],
        (Integer) wire[10]);
  }

  boolean failed() {
    return error != null;
  }
}
