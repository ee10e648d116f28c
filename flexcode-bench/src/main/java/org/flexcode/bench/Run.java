package org.flexcode.bench;

import java.util.Arrays;
import java.util.List;

/**
 * One bench row (a strategy) under one straggler pattern, as measured: iteration times, each
 * iteration's end since the run's start, the loss history as the run computed it (an estimate for
 * approximate strategies), the exact loss at the same weights (evaluated off the clock; the loss
 * history itself where it is exact), what the run cost, and for FlexCode's rows each iteration's
 * share of the data aggregated ({@link DataShare}) and what an adaptive strategy chose; and the
 * iterations an inexact row ran past the measured ones to reach the target ({@link Beyond}, null
 * for the others).
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
    List<String> choices,
    Beyond beyond) {

  /**
   * The iterations an inexact row ran past the measured ones ({@link BenchRunner#pastIterations}),
   * only so that its time to the target is measured rather than extrapolated: their ends (ms since
   * the run's start) and exact losses. No other figure reads them.
   */
  record Beyond(double[] endMs, double[] exactLoss) {}

  /** A run without per-iteration shares and choices (MLlib's rows). */
  Run(
      String strategy,
      String pattern,
      double[] iterationMs,
      double[] endMs,
      double[] loss,
      double[] exactLoss,
      Cost cost) {
    this(strategy, pattern, iterationMs, endMs, loss, exactLoss, cost, null, List.of(), null);
  }

  /** No null choices. */
  Run {
    choices = choices == null ? List.of() : List.copyOf(choices);
  }

  /**
   * What a run cost, over its measured iterations: the task-seconds of all its task attempts
   * (killed and speculative ones too; of a row run past them, those launched before they ended);
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
        strategy, pattern, iterationMs, endMs, loss, exactLoss, cost, shareUsed, choices, beyond);
  }

  /**
   * This run's first {@code entries} iterations (each entry an engine aggregation and the loss at
   * its point) as the measured run, with every figure from them, and the ends and exact losses of
   * the rest as {@link #beyond}; this run itself when it has no more entries than that. Needs one
   * loss entry per iteration (entry i computed in iteration i).
   */
  Run cutAfter(int entries) {
    if (iterationMs == null || iterationMs.length <= entries) {
      return this;
    }
    Beyond past =
        new Beyond(
            Arrays.copyOfRange(endMs, entries, endMs.length),
            exactLoss == null || exactLoss.length <= entries
                ? null
                : Arrays.copyOfRange(exactLoss, entries, exactLoss.length));
    return new Run(
        strategy,
        pattern,
        Arrays.copyOf(iterationMs, entries),
        Arrays.copyOf(endMs, entries),
        Arrays.copyOf(loss, Math.min(entries, loss.length)),
        exactLoss == null ? null : Arrays.copyOf(exactLoss, Math.min(entries, exactLoss.length)),
        cost,
        shareUsed == null ? null : Arrays.copyOf(shareUsed, entries),
        choices.subList(0, Math.min(entries, choices.size())),
        past);
  }

  /** The exact loss (the reported one without it) and the ends, the iterations beyond included. */
  double[][] lossAndEndsWithBeyond() {
    double[] measuredLoss = exactLoss != null ? exactLoss : loss;
    if (beyond == null || beyond.exactLoss() == null) {
      return new double[][] {measuredLoss, endMs};
    }
    return new double[][] {concat(measuredLoss, beyond.exactLoss()), concat(endMs, beyond.endMs())};
  }

  private static double[] concat(double[] a, double[] b) {
    double[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
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
