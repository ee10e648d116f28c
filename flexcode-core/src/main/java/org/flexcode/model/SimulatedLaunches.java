package org.flexcode.model;

import java.util.Arrays;
import java.util.Set;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.aggregation.copies.internal.CopyPlacement;

/**
 * The simulated cluster as the engine's {@code steal} launches see it: when and on which executor
 * each task of the current iteration launched (what Spark's listener tells the engine: a block task
 * launches each of its chunks), and where the launches place their copies and which executors they
 * keep chunks away from (what the holders' preferred locations tell Spark). Executor e's id is
 * {@code "e"}.
 */
final class SimulatedLaunches implements TaskLaunches, CopyPlacement {

  private final long[] launchMs;
  private final int[] launchExecutor;
  private final int[] placedOn;
  private int iteration = -1;
  private Set<Integer> avoided = Set.of();
  private boolean keepHome;

  /** No task of {@code tasks} launched yet. */
  SimulatedLaunches(int tasks) {
    launchMs = new long[tasks];
    launchExecutor = new int[tasks];
    placedOn = new int[tasks];
  }

  /** The ids of {@code executors} executors: "0", "1", ... */
  static String[] executorIds(int executors) {
    String[] ids = new String[executors];
    Arrays.setAll(ids, Integer::toString);
    return ids;
  }

  /** Iteration {@code it} starts: no task launched in it yet. */
  void startIteration(int it) {
    iteration = it;
    Arrays.fill(launchMs, -1);
    Arrays.fill(launchExecutor, -1);
  }

  /** Tasks {@code first} .. {@code first + covers - 1} launched at {@code atMs} on executor e. */
  void launched(int first, int covers, long atMs, int executor) {
    for (int task = first; task < first + covers; task++) {
      launchMs[task] = atMs;
      launchExecutor[task] = executor;
    }
  }

  /** The executor copy {@code task} was last placed on. */
  int placedOn(int task) {
    return placedOn[task];
  }

  /** The executors the launches keep chunks away from. */
  Set<Integer> avoided() {
    return avoided;
  }

  /** Whether home copies run on their home executor alone. */
  boolean keepsHome() {
    return keepHome;
  }

  @Override
  public long launchTime(int it, int task) {
    return it == iteration ? launchMs[task] : -1;
  }

  @Override
  public String launchExecutor(int it, int task) {
    return it == iteration && launchExecutor[task] >= 0
        ? Integer.toString(launchExecutor[task])
        : null;
  }

  @Override
  public void place(int task, int executor) {
    placedOn[task] = executor;
  }

  @Override
  public void clear() {
    Arrays.fill(placedOn, -1);
  }

  @Override
  public void avoid(Set<Integer> executors) {
    avoided = Set.copyOf(executors);
  }

  @Override
  public void keepHome(boolean home) {
    keepHome = home;
  }
}
