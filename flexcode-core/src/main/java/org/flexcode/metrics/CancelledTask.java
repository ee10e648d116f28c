package org.flexcode.metrics;

import java.io.Serializable;

/**
 * A task of an iteration that was cancelled after Spark launched it: the executor it ran on, its
 * launch time (driver clock, epoch ms) and the Spark partition whose task computed it (see {@link
 * TaskTiming#partition}), so a report can say whose task it was and how long it had run when the
 * iteration ended.
 */
public record CancelledTask(int task, String executorId, long launchMs, int partition)
    implements Serializable {

  /** Validates. */
  public CancelledTask {
    if (executorId == null || executorId.isBlank()) {
      throw new IllegalArgumentException("cancelled task " + task + ": executor id is empty");
    }
  }
}
