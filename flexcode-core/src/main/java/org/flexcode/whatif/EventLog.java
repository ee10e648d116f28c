package org.flexcode.whatif;

import java.util.List;

/**
 * A Spark application's event log as the what-if analysis reads it: the Spark version that wrote
 * it, its jobs in submission order, its executors in registration order, and the warnings reading
 * it gave (a truncated last line).
 *
 * @param source the file or directory it was read from
 * @param sparkVersion the version of the {@code SparkListenerLogStart} event
 * @param jobs the jobs, in submission order
 * @param executors the executors that registered, in registration order
 * @param warnings one line per problem that did not stop the reading
 */
public record EventLog(
    String source,
    String sparkVersion,
    List<LoggedJob> jobs,
    List<LoggedExecutor> executors,
    List<String> warnings) {

  /** Copies the lists. */
  public EventLog {
    jobs = List.copyOf(jobs);
    executors = List.copyOf(executors);
    warnings = List.copyOf(warnings);
  }
}
