package org.flexcode.aggregation.copies.internal;

import org.flexcode.aggregation.LateLaunchPolicy;

/**
 * A bound-strategy capability over the chunk-copies layout: the strategy wraps the layout's
 * launches (for example to run home copies alone in some iterations). Without it the layout's own
 * launches ({@link StealLaunches}) run.
 */
public interface CopiesLaunchSource {

  /** The policy over {@code plan}; {@code stealing} is null with one executor. */
  LateLaunchPolicy launches(StealPlan plan, StealLaunches stealing);
}
