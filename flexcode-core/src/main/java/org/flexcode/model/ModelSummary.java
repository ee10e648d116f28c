package org.flexcode.model;

/**
 * A rule's modelled iteration time under a pattern on one cluster shape, over {@code iterations}
 * Monte Carlo iterations: mean, median and 95th percentile of the iteration ms (compute span plus
 * the fixed cost), and per iteration the task-seconds computed, wasted (thrown away or cancelled)
 * and the core-seconds left idle within the span. {@code note} is empty, or says why the rule
 * cannot run on that shape (then the figures are NaN).
 */
public record ModelSummary(
    String rule,
    String pattern,
    int executors,
    int cores,
    int tasks,
    int iterations,
    double meanMs,
    double p50Ms,
    double p95Ms,
    double computedTaskSeconds,
    double wastedTaskSeconds,
    double idleCoreSeconds,
    double meanDataShare,
    String note) {

  /** A row for a rule that cannot run on the shape: no figures, {@code why} as its note. */
  public static ModelSummary unsupported(String rule, String pattern, Cluster c, String why) {
    double nan = Double.NaN;
    return new ModelSummary(
        rule,
        pattern,
        c.executors(),
        c.cores(),
        c.tasks(),
        0,
        nan,
        nan,
        nan,
        nan,
        nan,
        nan,
        nan,
        why);
  }

  /** Mean ms per pass over the data: the mean iteration over the mean share it aggregated. */
  public double msPerPass() {
    return meanMs / meanDataShare;
  }

  /** Whether the rule ran. */
  public boolean supported() {
    return note.isEmpty();
  }
}
