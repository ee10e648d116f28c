package org.flexcode.bench;

/**
 * One bench row (a strategy) under one straggler pattern, as measured: iteration times, each
 * iteration's end since the run's start, the loss history, and what the run cost.
 */
record Run(
    String strategy,
    String pattern,
    double[] iterationMs,
    double[] endMs,
    double[] loss,
    Cost cost) {

  /**
   * What a run cost: the task-seconds of all its task attempts (killed and speculative ones too),
   * the barrier waste and wall time, and the mean compute time of its tasks with the injected delay
   * excluded (null where not measured: MLlib's rows).
   */
  record Cost(double taskSeconds, long wasteMs, long wallMs, Double meanTaskComputeMs) {}

  /** This run with {@code iterationMs}, {@code endMs} and {@code cost} replaced. */
  Run with(double[] iterationMs, double[] endMs, Cost cost) {
    return new Run(strategy, pattern, iterationMs, endMs, loss, cost);
  }

  /** The loss after the last iteration, or null when there is none. */
  Double finalLoss() {
    return loss.length == 0 ? null : loss[loss.length - 1];
  }
}
