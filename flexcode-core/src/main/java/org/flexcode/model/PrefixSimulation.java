package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Runs a rule whose stopping condition is monotone in the set of finished tasks: schedules every
 * task, sorts the finishes, and finds by bisection the shortest prefix of arrivals that satisfies
 * the rule (O(n log n) checks of the condition per iteration instead of one per arrival).
 */
final class PrefixSimulation implements Rule.Simulation {

  /** When an iteration may end, and which finished tasks its result uses. */
  interface Stopping {
    /** Whether the finished tasks satisfy the rule; monotone in {@code finished}. */
    boolean done(BitSet finished);

    /** The finished tasks whose results the aggregate uses (the others are thrown away). */
    default BitSet used(BitSet finished) {
      return finished;
    }

    /** The number of arrivals that satisfies the rule whatever they are, or -1 if none does. */
    default int count() {
      return -1;
    }

    /** The share of the data the aggregate covers, with {@code n} tasks of equal blocks. */
    default double dataShare(int n) {
      return 1.0;
    }

    /**
     * The moment the iteration ends even if the rule is not satisfied by then (the aggregate then
     * covers the tasks finished by that moment), given the j-th arrival's time; none by default.
     */
    default double deadlineMs(java.util.function.IntToDoubleFunction arrivalMs) {
      return Double.POSITIVE_INFINITY;
    }
  }

  private static final long INDEX_MASK = (1L << 22) - 1;
  private final Cluster cluster;
  private final double[] blocks;
  private final Stopping stopping;
  private final boolean ideal;
  private final TaskSchedule schedule;
  private final double[] duration;
  private final int[] order;
  private final long[] keys;

  /**
   * @param blocks each task's work in blocks (primaries first, then any extra task)
   * @param ideal whether to ignore the factors and loads (the no-straggler limit)
   */
  PrefixSimulation(Cluster cluster, double[] blocks, Stopping stopping, boolean ideal) {
    Checks.check(blocks.length <= INDEX_MASK, "model: at most 4M tasks, got " + blocks.length);
    this.cluster = cluster;
    this.blocks = blocks.clone();
    this.stopping = stopping;
    this.ideal = ideal;
    this.schedule = new TaskSchedule(blocks.length, cluster.executors(), cluster.cores());
    this.duration = new double[blocks.length];
    this.order = new int[blocks.length];
    this.keys = new long[blocks.length];
  }

  @Override
  public IterationOutcome run(double[] factors, double[] loads) {
    for (int i = 0; i < blocks.length; i++) {
      int e = cluster.executorOf(i);
      duration[i] =
          ideal
              ? cluster.taskMs(blocks[i], 1.0, 1.0)
              : cluster.taskMs(blocks[i], loads[e], factors[e]);
    }
    schedule.run(duration);
    sortByFinish();
    int k = stopping.count() > 0 ? stopping.count() : shortestPrefix();
    double end = schedule.finish[order[k - 1]];
    double deadline = stopping.deadlineMs(j -> schedule.finish[order[j]]);
    boolean cut = deadline < end;
    end = Math.min(end, deadline);
    BitSet finished = new BitSet(blocks.length);
    for (int i = 0; i < blocks.length; i++) {
      if (schedule.finish[i] <= end) {
        finished.set(i);
      }
    }
    double computed = schedule.computedUntil(end);
    double useful = 0;
    BitSet used = stopping.used(finished);
    for (int i = used.nextSetBit(0); i >= 0; i = used.nextSetBit(i + 1)) {
      useful += schedule.finish[i] - schedule.start[i];
    }
    double share =
        cut ? (double) used.cardinality() / blocks.length : stopping.dataShare(blocks.length);
    return new IterationOutcome(end, computed, Math.max(0.0, computed - useful), share);
  }

  /** When task {@code task} finished (or would have) in the last {@link #run}, in ms. */
  double finishOf(int task) {
    return schedule.finish[task];
  }

  /**
   * Sorts the tasks by finish time: a primitive sort on the finish's bits (non-negative doubles
   * order as their bits) with the index in the low bits, then an insertion pass on the exact
   * finishes to repair the rare order the truncated bits got wrong.
   */
  private void sortByFinish() {
    for (int i = 0; i < keys.length; i++) {
      keys[i] = (Double.doubleToLongBits(schedule.finish[i]) & ~INDEX_MASK) | i;
    }
    Arrays.sort(keys);
    for (int j = 0; j < keys.length; j++) {
      int task = (int) (keys[j] & INDEX_MASK);
      int at = j;
      while (at > 0 && schedule.finish[order[at - 1]] > schedule.finish[task]) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = task;
    }
  }

  /** The smallest k such that the first k arrivals satisfy the rule (all of them at worst). */
  private int shortestPrefix() {
    int lo = 1;
    int hi = order.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (stopping.done(prefix(mid))) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  private BitSet prefix(int k) {
    BitSet set = new BitSet(order.length);
    for (int j = 0; j < k; j++) {
      set.set(order[j]);
    }
    return set;
  }
}
