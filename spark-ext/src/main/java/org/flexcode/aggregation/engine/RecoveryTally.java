package org.flexcode.aggregation.engine;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What recovery cost each iteration, as Spark's listener saw it: executors lost since the previous
 * iteration's record (an executor killed between two iterations costs the next one, and Spark's
 * listener bus may report a loss after the record of the iteration it hit was built), task attempts
 * relaunched (Spark's retries, and the tasks the engine resubmitted after an aborted job), and the
 * time stages other than the iteration's own ran inside its jobs, that is, Spark recomputing lost
 * shuffle output before the iteration's tasks could run.
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
  private final AtomicInteger executorsLostUnreported = new AtomicInteger();
  private final Set<String> executorsLost = ConcurrentHashMap.newKeySet();

  /**
   * Executor {@code executorId} was removed; the next record taken counts it, once: Spark reports a
   * decommissioned executor removed twice (when decommissioned, and when its process exits).
   */
  void executorLost(String executorId) {
    if (executorsLost.add(executorId)) {
      executorsLostUnreported.incrementAndGet();
    }
  }

  void taskResubmitted(int iteration) {
    byIteration.merge(iteration, new Figures(0, 1, 0), Figures::plus);
  }

  void recomputed(int iteration, long ms) {
    byIteration.merge(iteration, new Figures(0, 0, Math.max(0, ms)), Figures::plus);
  }

  /**
   * The figures of {@code iteration} so far, with the executors lost since the previous call (which
   * this call reports, so that each loss is counted in exactly one record).
   */
  Figures take(int iteration) {
    Figures figures = byIteration.getOrDefault(iteration, Figures.NONE);
    int lost = executorsLostUnreported.getAndSet(0);
    return lost == 0 ? figures : figures.plus(new Figures(lost, 0, 0));
  }

  /** Forgets iterations before {@code iteration}. */
  void forgetBefore(int iteration) {
    byIteration.keySet().removeIf(it -> it < iteration);
  }
}
