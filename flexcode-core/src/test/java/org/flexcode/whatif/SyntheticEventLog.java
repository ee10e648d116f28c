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
 * 20 ms later.
 */
final class SyntheticEventLog {

  static final String SITE = "treeAggregate at GradientDescent.scala:239";

  private final List<String> lines = new ArrayList<>();
  private long clock = 1_000_000L;
  private int nextJob;
  private int nextTask;

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
                + "\"Stage IDs\":[%d],\"Properties\":{}}",
            job,
            submit,
            stage));
    lines.add(stageInfo("SparkListenerStageSubmitted", stage, site, tasks, submit + 1, -1));
    long last = submit;
    for (int i = 0; i < tasks; i++) {
      long launch = submit + 10;
      long run = runMs.applyAsInt(k, i);
      long finish = launch + run + 2;
      last = Math.max(last, finish);
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":%d,\"Stage Attempt ID\":0,"
                  + "\"Task Type\":\"ResultTask\",\"Task End Reason\":{\"Reason\":\"Success\"},"
                  + "\"Task Info\":{\"Task ID\":%d,\"Index\":%d,\"Attempt\":0,\"Partition ID\":%d,"
                  + "\"Launch Time\":%d,\"Executor ID\":\"%d\",\"Host\":\"h\",\"Finish Time\":%d,"
                  + "\"Failed\":false,\"Killed\":false},"
                  + "\"Task Metrics\":{\"Executor Run Time\":%d}}",
              stage,
              nextTask++,
              i,
              i,
              launch,
              i % executors,
              finish,
              run));
    }
    lines.add(stageInfo("SparkListenerStageCompleted", stage, site, tasks, submit + 1, last));
    lines.add(
        String.format(
            Locale.ROOT,
            "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":%d,\"Completion Time\":%d,"
                + "\"Job Result\":{\"Result\":\"JobSucceeded\"}}",
            job,
            last + 5));
    return last + 5;
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
