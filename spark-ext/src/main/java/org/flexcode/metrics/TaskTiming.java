package org.flexcode.metrics;

import java.io.Serializable;

/**
 * One finished task of an iteration, with its own (executor-clock) start and finish timestamps in
 * epoch milliseconds and the attempt that produced the result.
 */
public record TaskTiming(int task, int attempt, String executorId, long startMs, long finishMs)
    implements Serializable {

  /** The task's run time as it measured it. */
  public long durationMs() {
    return finishMs - startMs;
  }
}
