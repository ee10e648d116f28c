package org.flexcode.aggregation;

import java.util.Arrays;
import org.flexcode.adaptive.CopyThresholds;

/**
 * The latest host CPU load ({@link HostCpuLoad}) each planned executor's results reported: what
 * {@code steal} checks before an idle holder takes an early copy. NaN until an executor reports.
 */
final class HostLoads {

  private final double[] load;
  private final long[] reportedAtMs;

  /** No load known yet for any of {@code executors} planned executors. */
  HostLoads(int executors) {
    load = new double[executors];
    reportedAtMs = new long[executors];
    Arrays.fill(load, Double.NaN);
    Arrays.fill(reportedAtMs, Long.MIN_VALUE);
  }

  /** A result of planned executor {@code executor} finished at {@code finishMs} reporting it. */
  void note(int executor, long finishMs, double hostCpuLoad) {
    if (executor >= 0 && finishMs >= reportedAtMs[executor] && !Double.isNaN(hostCpuLoad)) {
      load[executor] = hostCpuLoad;
      reportedAtMs[executor] = finishMs;
    }
  }

  /**
   * Whether some executor's host has CPU to spare ({@link CopyThresholds#spareCpu}): true unless at
   * least one has reported and every report is over {@link CopyThresholds#BUSY_HOST}.
   */
  boolean anySpare() {
    boolean reported = false;
    for (double l : load) {
      if (!Double.isNaN(l) && CopyThresholds.spareCpu(l)) {
        return true;
      }
      reported |= !Double.isNaN(l);
    }
    return !reported;
  }

  /** Planned executor {@code executor}'s host's latest reported CPU load, or NaN. */
  double of(int executor) {
    return load[executor];
  }
}
