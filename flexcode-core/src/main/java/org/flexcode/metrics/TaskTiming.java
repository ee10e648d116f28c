package org.flexcode.metrics;

import java.io.Serializable;

/**
 * One finished task of an iteration, with its own (executor-clock) start and finish timestamps in
 * epoch milliseconds, the attempt that produced the result, the delay a benchmark's straggler
 * pattern injected into it (0 outside benchmarks), and the Spark partition whose task computed it:
 * for {@code steal}'s block tasks, which compute chunks p .. p + g - 1 in partition p, that p; else
 * the task itself (also when Spark's listener had not reported the launch yet).
 */
public record TaskTiming(
    int task,
    int attempt,
    String executorId,
    long startMs,
    long finishMs,
    long injectedDelayMs,
    int partition)
    implements Serializable {

  /** The task's run time as it measured it. */
  public long durationMs() {
    return finishMs - startMs;
  }
}
