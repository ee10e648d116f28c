package org.flexcode.metrics;

import java.util.List;
import java.util.Map;

/**
 * What one aggregation did.
 *
 * <ul>
 *   <li>{@code submitMs}, {@code decodeStartMs}, {@code endMs}: driver timestamps (epoch ms) when
 *       the job was submitted, when the finished set became decodable, and when the aggregate was
 *       ready.
 *   <li>{@code finished}: the tasks whose results arrived before decoding, in arrival order.
 *   <li>{@code usedTasks}: the tasks the decoding combined; {@code cancelledTasks}: tasks that had
 *       not finished when the iteration ended and were cancelled.
 *   <li>{@code wasteMs}: sum over used tasks of (decode start - task finish), the time finished
 *       work waited at the barrier (the study's waste time).
 *   <li>{@code cancelledTaskMs}: run time spent in cancelled tasks, from each task's launch (as the
 *       Spark listener saw it) to the cancellation; tasks still queued count 0.
 *   <li>{@code failedAttempts}: task attempts that threw in this iteration (Spark retried them).
 *   <li>{@code lateResultsDropped}: results of earlier iterations that arrived during this one and
 *       were dropped by their iteration tag.
 *   <li>{@code residual}: ||B_F^T a - 1|| of the decoding; {@code exact}: whether the aggregate is
 *       the exact full sum.
 *   <li>{@code estimatedBlocks}: block -> shadow task, for the blocks whose statistic came from a
 *       shadow's estimate instead of a primary (empty when no shadow stood in).
 *   <li>{@code choice}: what an adaptive strategy chose for this iteration and why (for {@code
 *       ignore:b=auto} the b and the predicted records per second of each candidate); "" for a
 *       fixed strategy.
 *   <li>{@code staleResults}: task -> age in iterations, for the used results computed at an
 *       earlier iteration's model ({@code ssp}); empty when every used result is this iteration's.
 *   <li>{@code recordScale}: when Spark gave up on tasks and the iteration approximated ({@code
 *       spark.flexcode.onUndecodable=approximate}), the factor all records / records the
 *       approximation represents that its sum was multiplied by; 1 otherwise.
 *   <li>{@code executorsLost}: executors Spark removed since the previous record, each once (while
 *       the iteration ran, or before it started when lost between iterations); {@code
 *       tasksResubmitted}: task attempts relaunched (Spark's retries and the tasks the engine
 *       resubmitted after an aborted job); {@code recomputeWaitMs}: time Spark spent in stages
 *       recomputing lost shuffle output inside the iteration's jobs.
 *   <li>{@code cancelledRuns}: the cancelled tasks Spark had launched, each with its executor and
 *       launch time; {@code chunksMoved}: the chunks work stealing ran away from their home copy in
 *       this iteration (0 for the other strategies).
 * </ul>
 */
public record IterationRecord(
    int iteration,
    String strategy,
    long submitMs,
    long decodeStartMs,
    long endMs,
    List<TaskTiming> finished,
    List<Integer> usedTasks,
    List<Integer> cancelledTasks,
    long wasteMs,
    long cancelledTaskMs,
    long decodeNanos,
    int failedAttempts,
    int lateResultsDropped,
    long accumulatorId,
    long broadcastId,
    double residual,
    boolean exact,
    Map<Integer, Integer> estimatedBlocks,
    String choice,
    Map<Integer, Integer> staleResults,
    double recordScale,
    int executorsLost,
    int tasksResubmitted,
    long recomputeWaitMs,
    List<CancelledTask> cancelledRuns,
    int chunksMoved) {

  /** Copies the lists so the record stays immutable. */
  public IterationRecord {
    finished = List.copyOf(finished);
    usedTasks = List.copyOf(usedTasks);
    cancelledTasks = List.copyOf(cancelledTasks);
    estimatedBlocks = Map.copyOf(estimatedBlocks);
    choice = choice == null ? "" : choice;
    staleResults = Map.copyOf(staleResults);
    cancelledRuns = List.copyOf(cancelledRuns);
  }

  /** Driver time from submission to the aggregate. */
  public long durationMs() {
    return endMs - submitMs;
  }
}
