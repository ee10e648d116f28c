package org.flexcode.whatif;

/**
 * One training iteration found in an event log: its main stage (the one that sums the gradient or
 * the sufficient statistics; for an iteration of several jobs, their main stages' tasks together),
 * when its first job was submitted and its last ended, when the next iteration of the fit started
 * (its end for the last), and the time its other stages took ({@code treeAggregate}'s reduce
 * stage).
 *
 * <p>The iteration's window runs from its start to the next iteration's start (to its end for the
 * last), so the windows of a fit's iterations tile the fit. Its tasks are counted inside that
 * window only: a task it left running (a straggler it cancelled, which reports when its executor
 * gets to it) ran during the next iteration's window, not its own.
 *
 * @param stage the main stage, whose tasks the model replays
 * @param startMs the first job's submission (epoch ms)
 * @param endMs the last job's end (epoch ms)
 * @param nextStartMs the next iteration's start, or {@code endMs} for the fit's last
 * @param otherStagesMs the time of the iteration's stages other than the main one
 */
public record TrainingIteration(
    LoggedStage stage, long startMs, long endMs, long nextStartMs, long otherStagesMs) {

  /** The iteration's window: start to the next iteration's start (to its own end for the last). */
  public long measuredMs() {
    return Math.max(0, nextStartMs - startMs);
  }

  /**
   * The main stage's tasks' span inside the window: from the later of the first task launch and the
   * start to the earlier of the last task finish and the window's end (0 with no task).
   */
  public long inStageMs() {
    if (stage.tasks().isEmpty()) {
      return 0;
    }
    long first = stage.tasks().stream().mapToLong(LoggedTask::launchMs).min().getAsLong();
    long last = stage.tasks().stream().mapToLong(LoggedTask::finishMs).max().getAsLong();
    return Math.max(0, Math.min(last, nextStartMs) - Math.max(first, startMs));
  }

  /**
   * The measured time outside the main stage's tasks: driver, job launch, other stages. Never
   * negative: the tasks are counted inside the window only.
   */
  public long outsideTasksMs() {
    return measuredMs() - inStageMs();
  }

  /**
   * The measured time outside every stage of the iteration: driver work, job submission, the
   * optimizer's step between jobs.
   */
  public long driverMs() {
    return Math.max(0, outsideTasksMs() - otherStagesMs);
  }
}
