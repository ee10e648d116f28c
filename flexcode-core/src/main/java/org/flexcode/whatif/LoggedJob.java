package org.flexcode.whatif;

import java.util.List;

/**
 * One job as the event log records it: its id, submission and end times, its description and tags
 * (the local properties {@code spark.job.description} and {@code spark.job.tags}) and its stages.
 *
 * @param jobId the job id
 * @param submitMs when it was submitted (epoch ms)
 * @param endMs when it ended (epoch ms; its submission when the log has no end)
 * @param description the job's description, "" when none
 * @param tags the job's tags, empty when none
 * @param stages its stage attempts that ran, in submission order
 */
public record LoggedJob(
    int jobId,
    long submitMs,
    long endMs,
    String description,
    List<String> tags,
    List<LoggedStage> stages) {

  /** Copies the lists. */
  public LoggedJob {
    tags = List.copyOf(tags);
    stages = List.copyOf(stages);
  }

  /** Submission to end. */
  public long durationMs() {
    return Math.max(0, endMs - submitMs);
  }
}
