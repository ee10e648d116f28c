package org.flexcode.model;

/**
 * List scheduling on dedicated cores: task i runs on executor i mod M; each executor's cores take
 * its tasks in index order, a free core the next pending one. Fills each task's start and finish.
 */
final class TaskSchedule {

  final double[] start;
  final double[] finish;
  private final double[][] coreFree;

  TaskSchedule(int tasks, int executors, int cores) {
    start = new double[tasks];
    finish = new double[tasks];
    coreFree = new double[executors][cores];
  }

  /** Schedules tasks of the given durations (ms) from time 0. */
  void run(double[] duration) {
    for (double[] cores : coreFree) {
      java.util.Arrays.fill(cores, 0.0);
    }
    int executors = coreFree.length;
    for (int i = 0; i < duration.length; i++) {
      double[] cores = coreFree[i % executors];
      int best = 0;
      for (int c = 1; c < cores.length; c++) {
        if (cores[c] < cores[best]) {
          best = c;
        }
      }
      start[i] = cores[best];
      finish[i] = start[i] + duration[i];
      cores[best] = finish[i];
    }
  }

  /** Task-ms computed up to {@code end}: every started task counts until it finished or was cut. */
  double computedUntil(double end) {
    double sum = 0;
    for (int i = 0; i < start.length; i++) {
      if (start[i] < end) {
        sum += Math.min(finish[i], end) - start[i];
      }
    }
    return sum;
  }
}
