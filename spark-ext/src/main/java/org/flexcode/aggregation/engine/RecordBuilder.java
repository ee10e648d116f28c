package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.metrics.CancelledTask;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;

/**
 * Builds an iteration's {@link IterationRecord} from its run: per-task timings in arrival order,
 * the tasks used (primaries and the shadows whose estimates count), the waste (time used results
 * waited for the decision) and the time cancelled tasks had run.
 */
final class RecordBuilder {

  private final IterationRun<?, ?> run;
  private final String strategy;
  private Decision decision;
  private long decodeStartMs;
  private long decodeNanos;
  private List<Integer> cancelled = List.of();
  private TaskLaunchListener listener;
  private long accumulatorId;
  private long broadcastId;
  private int lateResultsDropped;
  private String choice = "";
  private int chunksMoved;

  RecordBuilder(IterationRun<?, ?> run, String strategy) {
    this.run = run;
    this.strategy = strategy;
  }

  /** The decision, when decoding started, and how long it took. */
  RecordBuilder decoded(Decision decision, long decodeStartMs, long decodeNanos) {
    this.decision = decision;
    this.decodeStartMs = decodeStartMs;
    this.decodeNanos = decodeNanos;
    return this;
  }

  /** The cancelled tasks, and the listener that knows when they launched. */
  RecordBuilder cancelled(List<Integer> tasks, TaskLaunchListener launches) {
    this.cancelled = tasks;
    this.listener = launches;
    return this;
  }

  /** The engine's accumulator, this iteration's broadcast, and the stale results dropped. */
  RecordBuilder ids(long accumulator, long broadcast, int lateResults) {
    this.accumulatorId = accumulator;
    this.broadcastId = broadcast;
    this.lateResultsDropped = lateResults;
    return this;
  }

  /** Why an adaptive strategy ran this iteration as it did ("" for a fixed one). */
  RecordBuilder choice(String reason) {
    this.choice = reason;
    return this;
  }

  /** The chunks work stealing moved in this iteration. */
  RecordBuilder chunksMoved(int moved) {
    this.chunksMoved = moved;
    return this;
  }

  IterationRecord build() {
    Arrivals arrivals = run.arrivals();
    Map<Integer, PartialResult> results = arrivals.results();
    BitSet usedOrShadow = decision.used();
    decision.estimated().values().forEach(usedOrShadow::set);
    List<Integer> used = usedOrShadow.stream().boxed().toList();
    long waste = 0;
    for (int task : used) {
      waste += Math.max(0, decodeStartMs - results.get(task).finishMs());
    }
    Map<Integer, Integer> stale = new java.util.TreeMap<>();
    for (int task : used) {
      int age = run.iteration() - results.get(task).iteration();
      if (age > 0) {
        stale.put(task, age);
      }
    }
    List<TaskTiming> timings = new ArrayList<>();
    for (int task : arrivals.order()) {
      PartialResult r = results.get(task);
      timings.add(
          new TaskTiming(
              task,
              r.attempt(),
              r.executorId(),
              r.startMs(),
              r.finishMs(),
              r.injectedDelayMs(),
              listener.launchPartition(run.iteration(), task)));
    }
    RecoveryTally.Figures recovery = listener.takeRecovery(run.iteration());
    return new IterationRecord(
        run.iteration(),
        strategy,
        run.submitMs(),
        decodeStartMs,
        System.currentTimeMillis(),
        timings,
        used,
        cancelled,
        waste,
        cancelledMs(),
        decodeNanos,
        Math.max(arrivals.failedAttempts(), listener.failedAttempts(run.iteration())),
        lateResultsDropped,
        accumulatorId,
        broadcastId,
        decision.residual(),
        decision.exact(),
        decision.estimated(),
        choice,
        stale,
        decision.recordScale(),
        recovery.executorsLost(),
        recovery.tasksResubmitted() + run.resubmittedTasks(),
        recovery.recomputeWaitMs(),
        cancelledRuns(),
        chunksMoved);
  }

  /** The cancelled tasks Spark had launched, with their executor and launch time. */
  private List<CancelledTask> cancelledRuns() {
    List<CancelledTask> runs = new ArrayList<>();
    for (int task : cancelled) {
      long launch = listener.launchTime(run.iteration(), task);
      String executor = listener.launchExecutor(run.iteration(), task);
      if (launch > 0 && executor != null) {
        runs.add(
            new CancelledTask(
                task, executor, launch, listener.launchPartition(run.iteration(), task)));
      }
    }
    return runs;
  }

  /** The executor each cancelled task had launched on (tasks still queued are left out). */
  Map<Integer, String> cancelledOn() {
    Map<Integer, String> executors = new HashMap<>();
    for (int task : cancelled) {
      String executor = listener.launchExecutor(run.iteration(), task);
      if (executor != null) {
        executors.put(task, executor);
      }
    }
    return executors;
  }

  private long cancelledMs() {
    long total = 0;
    for (int task : cancelled) {
      long launch = listener.launchTime(run.iteration(), task);
      if (launch > 0) {
        total += Math.max(0, decodeStartMs - launch);
      }
    }
    return total;
  }
}
