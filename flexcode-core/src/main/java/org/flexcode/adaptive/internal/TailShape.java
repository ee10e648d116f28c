package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;

/**
 * The shape of an iteration's slowest task times, learned from the iterations that observed them,
 * so that the choosers can estimate the tasks an iteration cancelled.
 *
 * <p>For rank j (1 = the slowest task) the ratio q_j = t_(n-j+1) / t_med is recorded whenever an
 * iteration observed it, that is, when fewer than j of its tasks were censored. A censored
 * iteration (c tasks cancelled at the moment it ended) gets its j-th slowest censored task (j <= c)
 * estimated at t_med x mean(q_j) over rank j's recent observations, and never below its bound.
 * Without this the cancelled tasks count at the moment the iteration ended: after a few iterations
 * that leave the stragglers out, the history holds no straggler at all, a smaller b looks as good,
 * and the chooser oscillates between waiting for stragglers and leaving them out.
 *
 * <p>Rank j's observations expire after {@code memory[j]} iterations, so that a tail that went away
 * is probed again: once they have expired, the censored tasks count at their bound, a smaller b (or
 * a less tolerant mode) is chosen, and the next iteration observes rank j. A probe that finds the
 * tail still there (q_j above {@link #SLOW}) doubles rank j's memory, one that finds it gone resets
 * it: a persistent tail is probed ever more rarely.
 *
 * <p>Plain Java, not thread-safe.
 */
final class TailShape {

  /** A ratio to the median above which a task counts as slow. */
  static final double SLOW = 2.0;

  private static final int MAX_MEMORY = 1 << 20;

  private final int ranks;
  private final int window;
  private final int baseMemory;
  private final int[] memory;
  private final int[] lastObservedAt;
  private final List<Deque<double[]>> observations = new ArrayList<>();

  /** A shape of the slowest {@code ranks} ranks, at most {@code window} observations per rank. */
  TailShape(int ranks, int window, int baseMemory) {
    this.ranks = ranks;
    this.window = window;
    this.baseMemory = baseMemory;
    this.memory = new int[ranks + 1];
    this.lastObservedAt = new int[ranks + 1];
    Arrays.fill(memory, baseMemory);
    Arrays.fill(lastObservedAt, Integer.MIN_VALUE / 2);
    for (int j = 0; j <= ranks; j++) {
      observations.add(new ArrayDeque<>());
    }
  }

  /**
   * Estimates in place the censored entries of {@code estimate} (iteration {@code at}'s times, the
   * censored ones at their current estimate) from the recent shape, the slowest estimate first.
   */
  void impute(double[] estimate, BitSet censored, int at) {
    double median = medianOf(estimate);
    Integer[] order = censored.stream().boxed().toArray(Integer[]::new);
    Arrays.sort(order, (x, y) -> Double.compare(estimate[y], estimate[x]));
    for (int j = 1; j <= Math.min(order.length, ranks); j++) {
      double q = meanRatio(j, at);
      if (!Double.isNaN(q)) {
        estimate[order[j - 1]] = Math.max(estimate[order[j - 1]], median * q);
      }
    }
  }

  /** Records the ranks iteration {@code at} observed: those above its censored count. */
  void observe(double[] ms, BitSet censored, int at) {
    double[] sorted = ms.clone();
    Arrays.sort(sorted);
    double median = sorted[sorted.length / 2];
    if (!(median > 0)) {
      return;
    }
    int c = censored.cardinality();
    for (int j = c + 1; j <= Math.min(ranks, sorted.length); j++) {
      double q = sorted[sorted.length - j] / median;
      if (at - lastObservedAt[j] > memory[j]) {
        memory[j] = q > SLOW ? (int) Math.min(MAX_MEMORY, 2L * memory[j]) : baseMemory;
      }
      lastObservedAt[j] = at;
      observations.get(j).addLast(new double[] {at, q});
      if (observations.get(j).size() > window) {
        observations.get(j).removeFirst();
      }
    }
  }

  /** Rank j's mean ratio over its observations at most memory[j] iterations old; NaN if none. */
  private double meanRatio(int j, int at) {
    double sum = 0;
    int count = 0;
    for (double[] o : observations.get(j)) {
      if (at - o[0] <= memory[j]) {
        sum += o[1];
        count++;
      }
    }
    return count > 0 ? sum / count : Double.NaN;
  }

  private static double medianOf(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
