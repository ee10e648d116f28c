package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StaleResults;

/**
 * For a strategy that applies stale results ({@link StaleResults#staleness()} > 0): the tasks an
 * iteration leaves running, their runs, and the results that reach the driver between two
 * iterations (handed to the next run). For any other strategy it keeps nothing. The model
 * broadcasts those tasks read are {@link ModelBroadcasts}'.
 */
final class LingeringTasks {

  private final StaleResults bound;
  private final ConcurrentLinkedQueue<PartialResult> pending = new ConcurrentLinkedQueue<>();
  private final List<IterationRun<?, ?>> runs = new ArrayList<>();

  LingeringTasks(BoundStrategy bound) {
    this.bound = bound.capability(StaleResults.class).orElse(StaleResults.NONE);
  }

  /** Whether earlier iterations' results are kept. */
  boolean keepsStale() {
    return bound.staleness() > 0;
  }

  /** How many iterations late a result may still be applied (0: never). */
  int staleness() {
    return bound.staleness();
  }

  /** A result that arrived while no run was current. */
  void hold(PartialResult result) {
    pending.add(result);
  }

  /** Hands the results held since the last run to {@code run}. */
  void start(IterationRun<?, ?> run) {
    for (PartialResult r = pending.poll(); r != null; r = pending.poll()) {
      run.offer(r);
    }
  }

  /** Whether a job of an earlier iteration still runs. */
  boolean earlierJobsRunning() {
    return runs.stream().anyMatch(IterationRun::jobsRunning);
  }

  /**
   * After {@code run} decided: records which results it applied, keeps its unused results and its
   * running job, and forgets earlier runs whose jobs ended (their unreported tasks are abandoned).
   */
  void end(IterationRun<?, ?> run, List<Integer> used) {
    run.drainQueue(pending::add);
    Map<Integer, PartialResult> results = run.arrivals().results();
    for (int task : used) {
      bound.applied(task, results.get(task).iteration());
    }
    runs.add(run);
    runs.removeIf(
        earlier -> {
          boolean over = !earlier.jobsRunning() && !pendingFrom(earlier.iteration());
          if (over && earlier != run) {
            bound.abandon(earlier.iteration());
          }
          return over && earlier != run;
        });
  }

  private boolean pendingFrom(int iteration) {
    return pending.stream().anyMatch(r -> r.iteration() == iteration);
  }

  /** Cancels every job still running. */
  void close() {
    for (IterationRun<?, ?> run : runs) {
      run.cancelUnfinished(true);
    }
    runs.clear();
  }
}
