package org.flexcode.aggregation.copies.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.adaptive.internal.CopyThresholds;

/**
 * Whether a copy of a running chunk, launched now on an idle holder, would arrive before the copy
 * already running: the running copy on executor x is expected to take x's median launch-to-arrival
 * time d_x of this iteration's finished copies, a new one the median m of all of them, so a copy
 * launched after the running one has run {@code ran} ms arrives first when {@code ran + m < d_x}.
 *
 * <p>Why: at the end of an iteration a slowed executor still starts chunks from the queue (Spark
 * gives a free core the next pending task), each taking its factor x m, while its holders go idle;
 * a late copy waits for {@code late} x m of the running one (see {@link CopyThresholds}), too late
 * to win against a factor below {@code late + 1}. Racing a copy on an idle holder costs that holder
 * nothing. Only between chunk tasks (block tasks report a whole block at once: {@link
 * CopyThresholds#IDLE_TAKEOVER} covers them), and only once the quorum of chunks is in, so m is the
 * iteration's median.
 */
final class CopyRace {

  private final double median;
  private final Map<Integer, Double> executorMedians;

  private CopyRace(double median, Map<Integer, Double> executorMedians) {
    this.median = median;
    this.executorMedians = executorMedians;
  }

  /**
   * The race given the finished copies' launch-to-arrival times (ms), {@code all} of them and by
   * the planned executor they ran on, out of {@code chunks} chunks; null before the quorum ({@link
   * CopyThresholds#quorum}).
   */
  static CopyRace of(Map<Integer, List<Long>> durationsByExecutor, List<Long> all, int chunks) {
    if (!CopyThresholds.quorum(all.size(), chunks)) {
      return null;
    }
    Map<Integer, Double> medians = new HashMap<>();
    durationsByExecutor.forEach((e, durations) -> medians.put(e, medianOf(durations)));
    return new CopyRace(medianOf(all), medians);
  }

  /**
   * Whether a copy launched now on an idle holder arrives before the copy running on planned
   * executor {@code executor} for {@code ranMs}: false when that executor has finished no copy in
   * the iteration (nothing says it is slow).
   */
  boolean copyArrivesFirst(int executor, long ranMs) {
    Double expected = executorMedians.get(executor);
    return expected != null && ranMs + median < expected;
  }

  /** The expected launch-to-arrival time (ms) of a copy on {@code executor}, or NaN if unknown. */
  double expectedMs(int executor) {
    return executorMedians.getOrDefault(executor, Double.NaN);
  }

  /** The iteration's median launch-to-arrival time (ms): a new copy's expected time. */
  double medianMs() {
    return median;
  }

  private static double medianOf(List<Long> durations) {
    return durations.stream().sorted().toList().get(durations.size() / 2);
  }
}
