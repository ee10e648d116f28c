package org.flexcode.model;

/**
 * One simulated iteration: the compute span (from launch to the moment the rule is satisfied, fixed
 * costs excluded), the task-ms computed up to then (cancelled tasks count up to the end), the
 * task-ms wasted: computed but thrown away (a finished result the rule does not use) or cancelled,
 * and the share of the data the aggregate covers (1 for an exact rule; (n - b) / n for {@code
 * ignore:b}).
 */
public record IterationOutcome(
    double spanMs, double computedTaskMs, double wastedTaskMs, double dataShare) {

  /** An outcome whose aggregate covers all the data. */
  public IterationOutcome(double spanMs, double computedTaskMs, double wastedTaskMs) {
    this(spanMs, computedTaskMs, wastedTaskMs, 1.0);
  }
}
