package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which executors {@code steal} keeps work away from: those whose median task run time (on the
 * executor, from start to finish) was over {@link #FACTOR} x the median of all executors in each of
 * the last {@link #MEMORY} iterations. One slow iteration is a transient straggler, which the late
 * copies handle; two in a row are taken as persistent, and the next iteration's chunks prefer other
 * holders (and late copies go elsewhere), so the slow executor is not handed other executors'
 * chunks at the end of an iteration. An avoided executor is given work again after {@link #HOLD}
 * iterations, and measured anew.
 */
final class SlowExecutors {

  private static final Logger LOG = LoggerFactory.getLogger(SlowExecutors.class);

  /** Slow: a median run time over this multiple of the all-executor median. */
  static final double FACTOR = 1.5;

  /** Consecutive slow iterations before an executor is avoided. */
  static final int MEMORY = 2;

  /** Iterations an executor stays avoided before it is given work again (and measured anew). */
  static final int HOLD = 10;

  private final Map<String, Integer> slowStreak = new HashMap<>();
  private final Map<String, Integer> avoidedSince = new HashMap<>();
  private Set<String> avoided = new TreeSet<>();

  /**
   * Updates the streaks from one iteration's results (executor id, run ms) and returns the
   * executors to avoid in the next iteration.
   */
  Set<String> observe(int iteration, Collection<PartialResult> results) {
    Map<String, List<Long>> byExecutor = new HashMap<>();
    List<Long> all = new ArrayList<>();
    for (PartialResult r : results) {
      long ms = Math.max(0, r.finishMs() - r.startMs());
      byExecutor.computeIfAbsent(r.executorId(), e -> new ArrayList<>()).add(ms);
      all.add(ms);
    }
    double overall = median(all);
    Set<String> slow = new TreeSet<>();
    for (Map.Entry<String, List<Long>> e : byExecutor.entrySet()) {
      if (byExecutor.size() > 1 && median(e.getValue()) > FACTOR * overall) {
        slow.add(e.getKey());
      }
    }
    for (String e : byExecutor.keySet()) { // executors that ran nothing keep their streak
      slowStreak.merge(e, slow.contains(e) ? 1 : 0, (old, one) -> one == 0 ? 0 : old + 1);
    }
    avoidedSince.entrySet().removeIf(e -> iteration - e.getValue() >= HOLD);
    for (Map.Entry<String, Integer> e : slowStreak.entrySet()) {
      if (e.getValue() >= MEMORY && !avoidedSince.containsKey(e.getKey())) {
        avoidedSince.put(e.getKey(), iteration);
        e.setValue(0);
      }
    }
    Set<String> next = new TreeSet<>(avoidedSince.keySet());
    if (!next.equals(avoided)) {
      LOG.info(
          "FlexCode iteration {}: avoiding executors {} (slow in {} iterations in a row, the"
              + " median task {} ms overall): their chunks prefer other holders",
          iteration,
          next,
          MEMORY,
          Math.round(overall));
    }
    avoided = next;
    return Set.copyOf(next);
  }

  private static double median(List<Long> values) {
    if (values.isEmpty()) {
      return 0;
    }
    List<Long> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return sorted.get(sorted.size() / 2);
  }
}
