package org.flexcode.bench;

import java.util.List;

/**
 * One bench row (a strategy) under one straggler pattern, as measured: iteration times, each
 * iteration's end since the run's start, the loss history as the run computed it (an estimate for
 * approximate strategies), the exact loss at the same weights (evaluated off the clock; the loss
 * history itself where it is exact), what the run cost, and for FlexCode's rows each iteration's
 * share of the data aggregated ({@link DataShare}) and what an adaptive strategy chose.
 */
record Run(
    String strategy,
    String pattern,
    double[] iterationMs,
    double[] endMs,
    double[] loss,
    double[] exactLoss,
    Cost cost,
    double[] shareUsed,
    List<String> choices) {

  /** A run without per-iteration shares and choices (MLlib's rows). */
  Run(
      String strategy,
      String pattern,
      double[] iterationMs,
      double[] endMs,
      double[] loss,
      double[] exactLoss,
      Cost cost) {
    this(strategy, pattern, iterationMs, endMs, loss, exactLoss, cost, null, List.of());
  }

  /** No null choices. */
  Run {
    choices = choices == null ? List.of() : List.copyOf(choices);
  }

  /**
   * What a run cost: the task-seconds of all its task attempts (killed and speculative ones too);
   * the barrier waste (finished tasks' time waiting for the iteration's last needed result); the
   * discarded task time (attempts whose results were thrown away: cancelled, killed, failed, or
   * beaten by a speculative copy); wall time; the mean compute time of its tasks with the injected
   * delay excluded (null where not measured: MLlib's rows); and the machine's CPU utilization
   * during the run (null where unknown).
   */
  record Cost(
      double taskSeconds,
      long wasteMs,
      long discardedMs,
      long wallMs,
      Double meanTaskComputeMs,
      Double cpuUtilization) {

    /** This cost with the task-seconds and the waste replaced. */
    Cost withTasks(double taskSeconds, long wasteMs, long discardedMs) {
      return new Cost(taskSeconds, wasteMs, discardedMs, wallMs, meanTaskComputeMs, cpuUtilization);
    }
  }

  /** This run with {@code iterationMs}, {@code endMs} and {@code cost} replaced. */
  Run with(double[] iterationMs, double[] endMs, Cost cost) {
    return new Run(
        strategy, pattern, iterationMs, endMs, loss, exactLoss, cost, shareUsed, choices);
  }

  /** The loss after the last iteration, or null when there is none. */
  Double finalLoss() {
    return loss.length == 0 ? null : loss[loss.length - 1];
  }

  /** The exact loss after the last iteration, or null when there is none. */
  Double finalExactLoss() {
    return exactLoss == null || exactLoss.length == 0 ? null : exactLoss[exactLoss.length - 1];
  }
}
