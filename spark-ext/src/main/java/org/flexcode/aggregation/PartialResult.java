package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * What one task attempt reports through the accumulator: its coded partial statistic (or, for an
 * attempt that threw, the error), tagged with the iteration and task so the driver can drop late
 * results of earlier iterations.
 */
record PartialResult(
    int iteration,
    int task,
    int attempt,
    String executorId,
    long startMs,
    long finishMs,
    long injectedDelayMs,
    double[] values,
    String error)
    implements Serializable {

  boolean failed() {
    return error != null;
  }
}
