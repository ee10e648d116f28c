package org.flexcode.aggregation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What recovery cost each iteration, as Spark's listener saw it: executors lost while the iteration
 * ran, task attempts relaunched (Spark's retries, and the tasks the engine resubmitted after an
 * aborted job), and the time stages other than the iteration's own ran inside its jobs, that is,
 * Spark recomputing lost shuffle output before the iteration's tasks could run.
 */
final class RecoveryTally {

  /** One iteration's figures. */
  record Figures(int executorsLost, int tasksResubmitted, long recomputeWaitMs) {
    static final Figures NONE = new Figures(0, 0, 0);

    Figures plus(Figures other) {
      return new Figures(
          executorsLost + other.executorsLost,
          tasksResubmitted + other.tasksResubmitted,
          recomputeWaitMs + other.recomputeWaitMs);
    }
  }

  private final Map<Integer, Figures> byIteration = new ConcurrentHashMap<>();

  void executorLost(int iteration) {
    byIteration.merge(iteration, new Figures(1, 0, 0), Figures::plus);
  }

  void taskResubmitted(int iteration) {
    byIteration.merge(iteration, new Figures(0, 1, 0), Figures::plus);
  }

  void recomputed(int iteration, long ms) {
    byIteration.merge(iteration, new Figures(0, 0, Math.max(0, ms)), Figures::plus);
  }

  /** The figures of {@code iteration} so far. */
  Figures of(int iteration) {
    return byIteration.getOrDefault(iteration, Figures.NONE);
  }

  /** Forgets iterations before {@code iteration}. */
  void forgetBefore(int iteration) {
    byIteration.keySet().removeIf(it -> it < iteration);
  }
}
