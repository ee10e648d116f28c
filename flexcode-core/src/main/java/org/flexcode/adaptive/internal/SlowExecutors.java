package org.flexcode.adaptive.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which executors {@code steal} keeps work away from (the engine's launches and the model's steal
 * rule both ask it): those whose median task run time (on the executor, from start to finish) was
 * over {@link #FACTOR} x the median of all executors in each of the last {@link #MEMORY}
 * iterations. One slow iteration is a transient straggler, which the late copies handle; two in a
 * row are taken as persistent, and the next iteration's chunks prefer other holders (and late
 * copies go elsewhere), so the slow executor is not handed other executors' chunks at the end of an
 * iteration. An avoided executor is given work again after {@link #HOLD} iterations, and measured
 * anew: slow in the first iteration it runs tasks again, it is avoided again at once, for twice its
 * last hold (at most {@link #MAX_HOLD}); not slow, its hold is back to {@link #HOLD}. A persistent
 * straggler thus costs one slow iteration per release, ever more rarely. The first hold is short
 * (two iterations): two slow iterations in a row also happen by chance under transient stragglers
 * (each executor slow with probability 0.2 per iteration), and every avoided iteration puts the
 * executor's chunks on its few other holders; under a persistent straggler the doubling soon makes
 * the holds long.
 */
public final class SlowExecutors {

  /** Slow: a median run time over this multiple of the all-executor median. */
  public static final double FACTOR = 1.5;

  /** Consecutive slow iterations before an executor is avoided. */
  public static final int MEMORY = 2;

  /** Iterations an executor stays avoided before it is given work again (and measured anew). */
  public static final int HOLD = 2;

  /** The longest hold of an executor found slow again after each release. */
  public static final int MAX_HOLD = 40;

  private final Map<String, Integer> slowStreak = new HashMap<>();
  private final Map<String, Integer> avoidedSince = new HashMap<>();
  private final Map<String, Integer> holdOf = new HashMap<>();
  private final Set<String> released = new HashSet<>();
  private boolean lastHadSlow;

  /**
   * Updates the streaks from one iteration's task run times (ms on the executor, from start to
   * finish) by executor id, and returns the executors to avoid in the next iteration. Iteration 0
   * does not count: its tasks read the cache cold (and the JVMs are cold), so the executors that
   * happened to cache more look slow.
   */
  public Set<String> observe(int iteration, Map<String, List<Long>> byExecutor) {
    if (iteration == 0) {
      lastHadSlow = false;
      return Set.copyOf(avoidedSince.keySet());
    }
    List<Long> all = new ArrayList<>();
    byExecutor.values().forEach(all::addAll);
    double overall = median(all);
    Set<String> slow = new TreeSet<>();
    for (Map.Entry<String, List<Long>> e : byExecutor.entrySet()) {
      if (byExecutor.size() > 1 && median(e.getValue()) > FACTOR * overall) {
        slow.add(e.getKey());
      }
    }
    lastHadSlow = !slow.isEmpty();
    for (String e : byExecutor.keySet()) { // executors that ran nothing keep their streak
      slowStreak.merge(e, slow.contains(e) ? 1 : 0, (old, one) -> one == 0 ? 0 : old + 1);
      if (!slow.contains(e) && released.remove(e)) {
        holdOf.remove(e);
      }
    }
    release(iteration);
    for (Map.Entry<String, Integer> e : slowStreak.entrySet()) {
      if (e.getValue() >= MEMORY && !avoidedSince.containsKey(e.getKey())) {
        String id = e.getKey();
        int hold = released.remove(id) ? Math.min(MAX_HOLD, 2 * holdOf.get(id)) : HOLD;
        holdOf.put(id, hold);
        avoidedSince.put(id, iteration);
        e.setValue(0);
      }
    }
    return Set.copyOf(avoidedSince.keySet());
  }

  /**
   * Whether the last iteration {@link #observe} counted had an executor over {@link #FACTOR} x the
   * median (false for iteration 0).
   */
  public boolean lastHadSlow() {
    return lastHadSlow;
  }

  /** Gives work again to executors avoided for their hold; one slow iteration avoids them again. */
  private void release(int iteration) {
    avoidedSince
        .entrySet()
        .removeIf(
            e -> {
              if (iteration - e.getValue() < holdOf.get(e.getKey())) {
                return false;
              }
              released.add(e.getKey());
              slowStreak.put(e.getKey(), MEMORY - 1);
              return true;
            });
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
