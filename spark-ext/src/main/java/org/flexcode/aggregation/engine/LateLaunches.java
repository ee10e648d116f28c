package org.flexcode.aggregation.engine;

import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.LaunchSource;
import org.flexcode.aggregation.TaskLayout;

/** Which tasks an engine launches beyond an iteration's first job. */
final class LateLaunches {

  private LateLaunches() {}

  /** The layout's (chunk copies), else the bound strategy's, else none. */
  static LateLaunchPolicy of(
      DataLayout<?> data, BoundStrategy bound, TaskLayout layout, TaskLaunchListener listener) {
    LateLaunchPolicy own = data.launches(bound, listener);
    if (own != null) {
      return own;
    }
    return bound
        .capability(LaunchSource.class)
        .map(source -> source.launches(layout, listener))
        .orElseGet(() -> LateLaunchPolicy.none(layout.numTasks()));
  }
}
