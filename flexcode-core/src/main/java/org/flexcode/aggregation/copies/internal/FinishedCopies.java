package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.TaskLaunches;

/**
 * What {@link StealLaunches} decides from about an iteration's finished copies: the chunks with a
 * finished copy, and the launch-to-arrival time of each finished copy whose launch is known, in all
 * and by the planned executor it ran on. Each call folds in only the copies that arrived since the
 * last one ({@link Arrivals#order} only grows), so a decision costs the arrivals since the previous
 * decision, not every arrival of the iteration again: with hundreds of thousands of copies per
 * iteration, rescanning them at every arrival made the decisions quadratic in the copies.
 *
 * <p>A copy whose launch the listener has not reported yet is timed at a later call, once it has.
 * Another {@link Arrivals} (the next iteration's) starts afresh.
 */
final class FinishedCopies {

  private final StealPlan plan;
  private final TaskLaunches listener;
  private Arrivals arrivals;
  private int iteration = -1;
  private int folded;
  private final BitSet done = new BitSet();
  private final List<Integer> untimed = new ArrayList<>();
  private final List<Long> durations = new ArrayList<>();
  private final Map<Integer, List<Long>> byExecutor = new HashMap<>();

  FinishedCopies(StealPlan plan, TaskLaunches listener) {
    this.plan = plan;
    this.listener = listener;
  }

  /** The chunks with a finished copy in {@code current} (a copy: the caller may change it). */
  BitSet doneChunks(Arrivals current) {
    fold(iteration, current);
    return (BitSet) done.clone();
  }

  /**
   * Folds in the copies finished in {@code current} since the last call, timing those whose launch
   * in iteration {@code it} is known; {@code executorRunning} gives a task's planned executor.
   */
  void update(int it, Arrivals current, IntUnaryOperator executorRunning) {
    fold(it, current);
    for (int i = untimed.size() - 1; i >= 0; i--) {
      int task = untimed.get(i);
      long start = listener.launchTime(it, task);
      if (start > 0 && listener.launchExecutor(it, task) != null) {
        untimed.remove(i);
        long ms = current.arrivedMs(task) - start;
        durations.add(ms);
        byExecutor
            .computeIfAbsent(executorRunning.applyAsInt(task), e -> new ArrayList<>())
            .add(ms);
      }
    }
  }

  /** The launch-to-arrival times (ms) of the timed finished copies, as of the last update. */
  List<Long> durations() {
    return durations;
  }

  /** The same by the planned executor each copy ran on. */
  Map<Integer, List<Long>> byExecutor() {
    return byExecutor;
  }

  private void fold(int it, Arrivals current) {
    if (current != arrivals || (it != iteration && it >= 0)) {
      arrivals = current;
      iteration = it;
      folded = 0;
      done.clear();
      untimed.clear();
      durations.clear();
      byExecutor.clear();
    }
    List<Integer> order = current.order();
    for (; folded < order.size(); folded++) {
      int task = order.get(folded);
      done.set(plan.chunkOf(task));
      untimed.add(task);
    }
  }
}
