package org.flexcode.model;

/**
 * One simulated iteration: the compute span (from launch to the moment the rule is satisfied, fixed
 * costs excluded), the task-ms computed up to then (cancelled tasks count up to the end) and the
 * task-ms wasted: computed but thrown away (a finished result the rule does not use) or cancelled.
 */
public record IterationOutcome(double spanMs, double computedTaskMs, double wastedTaskMs) {}
