package org.flexcode.aggregation;

/**
 * A bound-strategy capability: the strategy launches tasks beyond an iteration's first job (late
 * shadows, stale results waited for). Without it, and without a layout that launches, an iteration
 * runs every task in its first job.
 */
public interface LaunchSource {

  /** The policy over {@code layout}'s tasks; {@code listener} tells when tasks started. */
  LateLaunchPolicy launches(TaskLayout layout, TaskLaunches listener);
}
