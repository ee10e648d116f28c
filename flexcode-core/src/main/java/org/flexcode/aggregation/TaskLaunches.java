package org.flexcode.aggregation;

/**
 * When and where an iteration's tasks launched, as the engine learns it from Spark's scheduler:
 * what late-launch policies ({@link LateLaunchPolicy}) read to tell a running task from a queued
 * one and a late task from a fresh one.
 */
public interface TaskLaunches {

  /** When task {@code task} of {@code iteration} launched (epoch ms), or -1 if not (yet) seen. */
  long launchTime(int iteration, int task);

  /** The executor task {@code task} of {@code iteration} first launched on, or null. */
  String launchExecutor(int iteration, int task);
}
