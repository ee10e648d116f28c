package org.flexcode.whatif;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntBinaryOperator;

/**
 * Writes event logs of known task times: {@code iterations} jobs of one {@code treeAggregate at
 * GradientDescent.scala:239} stage each, n tasks placed round-robin on M executors, all launched
 * together 10 ms after the job's submission; task i of iteration k runs {@code runMs(k, i)} ms and
 * takes 2 ms more from launch to finish; the job ends 5 ms after its last task, and the next starts
 * 20 ms later. FlexCode iterations ({@link #engineIterations}) are tagged jobs whose last task is
 * cancelled: it reports killed some time after its job's end.
 */
final class SyntheticEventLog {

  static final String SITE = "treeAggregate at GradientDescent.scala:239";

  private final List<String> lines = new ArrayList<>();
  private long clock = 1_000_000L;
  private int nextJob;
  private int nextTask;
  private String properties = "{}";
  private long killedLateMs = -1;

  SyntheticEventLog(String version) {
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"%s\"}",
            version));
  }

  /** Adds {@code iterations} iterations of n tasks on m executors of the given run times. */
  SyntheticEventLog iterations(
      int iterations, int executors, int tasks, String site, IntBinaryOperator runMs) {
    for (int k = 0; k < iterations; k++) {
      long end = job(site, tasks, executors, k, runMs);
      clock = end + 20;
    }
    return this;
  }

  /**
   * Adds {@code iterations} FlexCode iterations of engine 1 (jobs tagged {@code flexcode-1-<k>-0}):
   * n tasks on m executors of {@code runMs} ms, the last of them killed when the others have
   * finished, reporting {@code killedLateMs} after the job's end.
   */
  SyntheticEventLog engineIterations(
      int iterations, int executors, int tasks, int runMs, long killedLateMs) {
    this.killedLateMs = killedLateMs;
    for (int k = 0; k < iterations; k++) {
      properties =
          String.format(
              Locale.ROOT,
              "{\"spark.job.tags\":\"flexcode-1-%d-0\","
                  + "\"spark.job.description\":\"FlexCode lr iteration %d\"}",
              k,
              k);
      clock = job("runJob at CodedAggregator.java:1", tasks, executors, k, (i, j) -> runMs) + 20;
    }
    properties = "{}";
    this.killedLateMs = -1;
    return this;
  }

  /** Adds the registration of executor {@code id} on host {@code h}, now. */
  SyntheticEventLog executorAdded(String id) {
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":%d,\"Executor ID\":\"%s\","
                + "\"Executor Info\":{\"Host\":\"h\",\"Total Cores\":1}}",
            clock,
            id));
    return this;
  }

  /** Adds the removal of executor {@code id}, now. */
  SyntheticEventLog executorRemoved(String id) {
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerExecutorRemoved\",\"Timestamp\":%d,"
                + "\"Executor ID\":\"%s\",\"Removed Reason\":\"lost\"}",
            clock,
            id));
    return this;
  }

  /** Adds one job of a non-iteration stage ({@code count at Data.scala:10}, 2 tasks of 5 ms). */
  SyntheticEventLog otherJob() {
    clock = job("count at Data.scala:10", 2, 1, 0, (k, i) -> 5) + 20;
    return this;
  }

  private long job(String site, int tasks, int executors, int k, IntBinaryOperator runMs) {
    int job = nextJob++;
    int stage = job;
    long submit = clock;
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":%d,\"Submission Time\":%d,"
                + "\"Stage IDs\":[%d],\"Properties\":%s}",
            job,
            submit,
            stage,
            properties));
    lines.add(stageInfo("SparkListenerStageSubmitted", stage, site, tasks, submit + 1, -1));
    long launch = submit + 10;
    long last = submit;
    int succeeded = killedLateMs < 0 ? tasks : tasks - 1;
    for (int i = 0; i < succeeded; i++) {
      long run = runMs.applyAsInt(k, i);
      last = Math.max(last, launch + run + 2);
      lines.add(taskEnd(stage, i, i % executors, launch, launch + run + 2, run, "Success"));
    }
    lines.add(stageInfo("SparkListenerStageCompleted", stage, site, tasks, submit + 1, last));
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":%d,\"Completion Time\":%d,"
                + "\"Job Result\":{\"Result\":\"JobSucceeded\"}}",
            job,
            last + 5));
    if (succeeded < tasks) {
      long finish = last + 5 + killedLateMs;
      int i = tasks - 1;
      lines.add(taskEnd(stage, i, i % executors, launch, finish, finish - launch, "TaskKilled"));
    }
    return last + 5;
  }

  private String taskEnd(
      int stage, int index, int executor, long launch, long finish, long run, String reason) {
    return String.format(
        Locale.ROOT,
        "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":%d,\"Stage Attempt ID\":0,"
            + "\"Task Type\":\"ResultTask\",\"Task End Reason\":{\"Reason\":\"%s\"},"
            + "\"Task Info\":{\"Task ID\":%d,\"Index\":%d,\"Attempt\":0,\"Partition ID\":%d,"
            + "\"Launch Time\":%d,\"Executor ID\":\"%d\",\"Host\":\"h\",\"Finish Time\":%d,"
            + "\"Failed\":false,\"Killed\":%b},"
            + "\"Task Metrics\":{\"Executor Run Time\":%d}}",
        stage,
        reason,
        nextTask++,
        index,
        index,
        launch,
        executor,
        finish,
        !reason.equals("Success"),
        run);
  }

  private static String stageInfo(
      String event, int stage, String site, int tasks, long submit, long complete) {
    return String.format(
        Locale.ROOT,
        "{\"Event\":\"%s\",\"Stage Info\":{\"Stage ID\":%d,\"Stage Attempt ID\":0,"
            + "\"Stage Name\":\"%s\",\"Number of Tasks\":%d,\"RDD Info\":[{\"RDD ID\":1,"
            + "\"Number of Cached Partitions\":%d,\"Memory Size\":%d,\"Disk Size\":0}],"
            + "\"Details\":\"\",\"Submission Time\":%d%s}}",
        event,
        stage,
        site,
        tasks,
        tasks,
        1000L * tasks,
        submit,
        complete < 0 ? "" : ",\"Completion Time\":" + complete);
  }

  /** Appends a raw line (for bad inputs). */
  SyntheticEventLog raw(String line) {
    lines.add(line);
    return this;
  }

  /** The log's text, one event a line. */
  String text() {
    return String.join("\n", lines) + "\n";
  }

  /** The log, parsed as {@code name}. */
  EventLog parse(String name) {
    return EventLogParser.parse(name, new StringReader(text()));
  }
}
