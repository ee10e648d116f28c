package org.flexcode.metrics;

import java.io.Serializable;

/**
 * One finished task of an iteration, with its own (executor-clock) start and finish timestamps in
 * epoch milliseconds, the attempt that produced the result, and the delay a benchmark's straggler
 * pattern injected into it (0 outside benchmarks).
 */
public record TaskTiming(
    int task, int attempt, String executorId, long startMs, long finishMs, long injectedDelayMs)
    implements Serializable {

  /** The task's run time as it measured it. */
  public long durationMs() {
    return finishMs - startMs;
  }
}
