package org.flexcode.aggregation.copies.internal;

import java.util.Arrays;
import org.flexcode.adaptive.internal.CopyThresholds;
import org.flexcode.aggregation.OthersCpuLoad;
import org.flexcode.metrics.SampleStats;

/**
 * The latest load of other processes on its host's CPU ({@link OthersCpuLoad}) each planned
 * executor's results reported: what {@code steal} checks before an idle holder takes an early copy.
 * NaN until an executor reports.
 */
final class OthersCpuLoads {

  private final double[] load;
  private final long[] reportedAtMs;

  /** No load known yet for any of {@code executors} planned executors. */
  OthersCpuLoads(int executors) {
    load = new double[executors];
    reportedAtMs = new long[executors];
    Arrays.fill(load, Double.NaN);
    Arrays.fill(reportedAtMs, Long.MIN_VALUE);
  }

  /** A result of planned executor {@code executor} finished at {@code finishMs} reporting it. */
  void note(int executor, long finishMs, double othersCpuLoad) {
    if (executor >= 0 && finishMs >= reportedAtMs[executor] && !Double.isNaN(othersCpuLoad)) {
      load[executor] = othersCpuLoad;
      reportedAtMs[executor] = finishMs;
    }
  }

  /**
   * Whether most executors have CPU to spare ({@link CopyThresholds#spareCpu} of the median report;
   * true before any has reported). The median, not any one: on a host whose executors keep its
   * cores busy, the last executor to finish reports a low load (the others were done), and one such
   * report must not make {@code steal} pay chunk tasks' launches for cores that are not free.
   */
  boolean mostSpare() {
    double[] reported = Arrays.stream(load).filter(l -> !Double.isNaN(l)).toArray();
    return reported.length == 0 || CopyThresholds.spareCpu(SampleStats.median(reported));
  }

  /** Planned executor {@code executor}'s latest report of other processes' load, or NaN. */
  double of(int executor) {
    return load[executor];
  }

  /**
   * Planned executor {@code executor}'s latest report, or, before it has reported (still computing
   * its first task), the median of the others' reports; NaN if none has reported.
   */
  double ofOrTypical(int executor) {
    if (!Double.isNaN(load[executor])) {
      return load[executor];
    }
    return SampleStats.median(Arrays.stream(load).filter(l -> !Double.isNaN(l)).toArray());
  }
}
