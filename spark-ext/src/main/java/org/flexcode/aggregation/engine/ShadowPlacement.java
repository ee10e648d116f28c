package org.flexcode.aggregation.engine;

import java.util.BitSet;

/**
 * Where shadow tasks run: each on an executor that holds none of the primaries it covers (the
 * primaries holding any block of its group), so that a slow executor never hosts both a straggling
 * primary and the shadow meant to stand in for it (task n + k on executor (n + k) mod E could).
 * Among the allowed executors the one with the fewest tasks so far wins (ties: the lowest index,
 * counted from k); when every executor holds a covered primary, the one holding the fewest of them.
 * Plain Java, no Spark.
 */
final class ShadowPlacement {

  private ShadowPlacement() {}

  /**
   * The executor index of every task: primary i on {@code i mod executors}, the shadows (tasks
   * {@code primaries..}) as this class's rule says.
   *
   * @param blocksOfTask the blocks each task (primaries, then shadows) holds
   */
  static int[] place(int[][] blocksOfTask, int primaries, int executors) {
    if (executors < 1) {
      throw new IllegalArgumentException("executors must be >= 1, got " + executors);
    }
    int[] executorOf = new int[blocksOfTask.length];
    int[] load = new int[executors];
    for (int i = 0; i < primaries; i++) {
      executorOf[i] = i % executors;
      load[executorOf[i]]++;
    }
    for (int task = primaries; task < blocksOfTask.length; task++) {
      int[] covered =
          coveredPrimariesPerExecutor(blocksOfTask, primaries, task, executorOf, executors);
      int best = -1;
      for (int step = 0; step < executors; step++) {
        int e = (task - primaries + step) % executors;
        if (best < 0
            || covered[e] < covered[best]
            || (covered[e] == covered[best] && load[e] < load[best])) {
          best = e;
        }
      }
      executorOf[task] = best;
      load[best]++;
    }
    return executorOf;
  }

  /** How many primaries covered by shadow {@code task} each executor holds. */
  private static int[] coveredPrimariesPerExecutor(
      int[][] blocksOfTask, int primaries, int task, int[] executorOf, int executors) {
    BitSet group = new BitSet();
    for (int block : blocksOfTask[task]) {
      group.set(block);
    }
    int[] covered = new int[executors];
    for (int i = 0; i < primaries; i++) {
      for (int block : blocksOfTask[i]) {
        if (group.get(block)) {
          covered[executorOf[i]]++;
          break;
        }
      }
    }
    return covered;
  }
}
