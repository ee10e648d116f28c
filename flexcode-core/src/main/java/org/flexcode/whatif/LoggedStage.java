package org.flexcode.whatif;

import java.util.List;

/**
 * One stage attempt as the event log records it, with the job that submitted it.
 *
 * @param stageId the stage id
 * @param attempt the stage attempt
 * @param name the stage name (its call site's short form, such as {@code treeAggregate at
 *     GradientDescent.scala:239})
 * @param details the call site's long form (the stack)
 * @param jobId the job that submitted it (-1 when unknown)
 * @param numTasks the stage's task count
 * @param submitMs when it was submitted (epoch ms)
 * @param completeMs when it completed (epoch ms)
 * @param cachedBytes memory and disk size of the cached RDDs it read, as logged at its completion
 * @param tasks its tasks, in the order they ended
 */
public record LoggedStage(
    int stageId,
    int attempt,
    String name,
    String details,
    int jobId,
    int numTasks,
    long submitMs,
    long completeMs,
    long cachedBytes,
    List<LoggedTask> tasks) {

  /** Copies the task list. */
  public LoggedStage {
    tasks = List.copyOf(tasks);
  }

  /**
   * The data its tasks read: the logged cached size, or the bytes its successful tasks read when
   * larger (Spark's log rarely updates the cached size); 0 when neither is logged.
   */
  public long dataBytes() {
    long read =
        tasks.stream().filter(LoggedTask::succeeded).mapToLong(LoggedTask::inputBytes).sum();
    return Math.max(cachedBytes, read);
  }

  /** The earliest task launch to the latest task finish (0 with no task). */
  public long taskSpanMs() {
    long first = tasks.stream().mapToLong(LoggedTask::launchMs).min().orElse(0);
    long last = tasks.stream().mapToLong(LoggedTask::finishMs).max().orElse(0);
    return Math.max(0, last - first);
  }
}
