package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The last {@code window} iterations' estimated task times and fixed costs, as the adaptive
 * choosers ({@link BackupChooser}, {@link ModeChooser}) read them. A censored time (a task left out
 * or superseded: only known to exceed the moment the iteration ended) counts at the larger of that
 * bound and the task's last observed time while that observation is recent (at most the task's
 * memory, in iterations, old); otherwise at the bound; and never below what the recently observed
 * shape of the slowest ranks predicts ({@link TailShape}).
 *
 * <p>Plain Java, not thread-safe.
 */
final class TimeHistory {

  private final int window;
  private final Deque<double[]> estimates = new ArrayDeque<>();
  private final Deque<Double> overheads = new ArrayDeque<>();
  private final double[] lastSeenMs;
  private final int[] lastSeenAt;
  private final TailShape tail;
  private int observed;

  /** An empty history of {@code tasks} tasks over the last {@code window} iterations. */
  TimeHistory(int tasks, int window) {
    this.window = window;
    this.lastSeenMs = new double[tasks];
    this.lastSeenAt = new int[tasks];
    Arrays.fill(lastSeenAt, Integer.MIN_VALUE / 2);
    this.tail = new TailShape(Math.max(1, tasks / 2), window, window);
  }

  /** Whether task i's last observed time is at most {@code memory} iterations old. */
  boolean recent(int i, int memory) {
    return observed - lastSeenAt[i] <= memory;
  }

  /** Task i's last observed (uncensored) time, 0 before any. */
  double lastSeenMs(int i) {
    return lastSeenMs[i];
  }

  /**
   * Adds an iteration's times: a censored time at the larger of its bound and the task's recent
   * last observation (recent by {@code memory.applyAsInt(i)}), an observed one as it is.
   */
  void add(TaskTimes times, IntUnaryOperator memory) {
    double[] ms = times.responseMs();
    BitSet censored = times.censored();
    double[] estimate = new double[ms.length];
    for (int i = 0; i < ms.length; i++) {
      if (censored.get(i)) {
        estimate[i] = recent(i, memory.applyAsInt(i)) ? Math.max(ms[i], lastSeenMs[i]) : ms[i];
      } else {
        estimate[i] = ms[i];
        lastSeenMs[i] = ms[i];
        lastSeenAt[i] = observed;
      }
    }
    tail.observe(ms, censored, observed);
    tail.impute(estimate, censored, observed);
    observed++;
    estimates.addLast(estimate);
    overheads.addLast(times.overheadMs());
    if (estimates.size() > window) {
      estimates.removeFirst();
      overheads.removeFirst();
    }
  }

  /** Iterations held (at most the window). */
  int size() {
    return estimates.size();
  }

  boolean isEmpty() {
    return estimates.isEmpty();
  }

  /** The held iterations' estimated times, oldest first. */
  List<double[]> estimates() {
    return new ArrayList<>(estimates);
  }

  /** The held iterations' fixed costs (ms), oldest first. */
  List<Double> overheads() {
    return new ArrayList<>(overheads);
  }
}
