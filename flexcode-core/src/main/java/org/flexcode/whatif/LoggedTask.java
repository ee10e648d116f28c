package org.flexcode.whatif;

/**
 * One task as the event log records it: its executor, partition, attempt, launch and finish times
 * (epoch ms, the driver's clock), its executor-side run time, and whether it succeeded.
 *
 * @param executor the executor id ({@code driver} in local mode)
 * @param partition the Spark partition the task computed
 * @param attempt the task attempt
 * @param launchMs when the driver launched it
 * @param finishMs when the driver heard it finish
 * @param runMs the executor's run time of the task ({@code Executor Run Time})
 * @param succeeded whether it ended in {@code Success}
 * @param inputBytes the bytes it read ({@code Input Metrics}; a cached block's size when it read
 *     one)
 */
public record LoggedTask(
    String executor,
    int partition,
    int attempt,
    long launchMs,
    long finishMs,
    long runMs,
    boolean succeeded,
    long inputBytes) {

  /** Launch to finish, the task's whole time as the driver saw it. */
  public long durationMs() {
    return Math.max(0, finishMs - launchMs);
  }

  /** The task's time outside its run: deserialization, result transfer, scheduling. */
  public long launchCostMs() {
    return Math.max(0, durationMs() - runMs);
  }
}
