package org.flexcode.whatif;

/**
 * One training iteration found in an event log: its main stage (the one that sums the gradient or
 * the sufficient statistics; for an iteration of several jobs, their main stages' tasks together),
 * when its first job was submitted and its last ended, when the next iteration of the fit started
 * (its end for the last), and the time its other stages took ({@code treeAggregate}'s reduce
 * stage).
 *
 * @param stage the main stage, whose tasks the model replays
 * @param startMs the first job's submission (epoch ms)
 * @param endMs the last job's end (epoch ms)
 * @param nextStartMs the next iteration's start, or {@code endMs} for the fit's last
 * @param otherStagesMs the time of the iteration's stages other than the main one
 */
public record TrainingIteration(
    LoggedStage stage, long startMs, long endMs, long nextStartMs, long otherStagesMs) {

  /** Start to the next iteration's start (to its own end for the last). */
  public long measuredMs() {
    return Math.max(0, Math.max(endMs, nextStartMs) - startMs);
  }

  /** The measured time outside the main stage's tasks: driver, job launch, other stages. */
  public long outsideTasksMs() {
    return Math.max(0, measuredMs() - stage.taskSpanMs());
  }

  /**
   * The measured time outside every stage of the iteration: driver work, job submission, the
   * optimizer's step between jobs.
   */
  public long driverMs() {
    return Math.max(0, outsideTasksMs() - otherStagesMs);
  }
}
