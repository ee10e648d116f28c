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

  /**
   * A builder of a record for iteration {@code iteration} of {@code strategy}: every field not set
   * is zero, empty, exact, with record scale 1 (for strategies and tools outside the engine, and
   * tests).
   */
  public static Builder builder(int iteration, String strategy) {
    return new Builder(iteration, strategy);
  }

  /** Builds an {@link IterationRecord} field by field; see {@link #builder}. */
  public static final class Builder {
    private final int iteration;
    private final String strategy;
    private long submitMs;
    private long decodeStartMs;
    private long endMs;
    private List<TaskTiming> finished = List.of();
    private List<Integer> usedTasks = List.of();
    private List<Integer> cancelledTasks = List.of();
    private long wasteMs;
    private long cancelledTaskMs;
    private long decodeNanos;
    private int failedAttempts;
    private int lateResultsDropped;
    private long accumulatorId;
    private long broadcastId;
    private double residual;
    private boolean exact = true;
    private Map<Integer, Integer> estimatedBlocks = Map.of();
    private String choice = "";
    private Map<Integer, Integer> staleResults = Map.of();
    private double recordScale = 1.0;
    private int executorsLost;
    private int tasksResubmitted;
    private long recomputeWaitMs;
    private List<CancelledTask> cancelledRuns = List.of();
    private int chunksMoved;

    private Builder(int iteration, String strategy) {
      this.iteration = iteration;
      this.strategy = strategy;
    }

    /** Submitted at {@code submit}, decodable at {@code decodeStart}, ready at {@code end}. */
    public Builder times(long submit, long decodeStart, long end) {
      this.submitMs = submit;
      this.decodeStartMs = decodeStart;
      this.endMs = end;
      return this;
    }

    /** The tasks that arrived before decoding, in arrival order. */
    public Builder finished(List<TaskTiming> timings) {
      this.finished = timings;
      return this;
    }

    public Builder used(List<Integer> tasks) {
      this.usedTasks = tasks;
      return this;
    }

    public Builder cancelled(List<Integer> tasks) {
      this.cancelledTasks = tasks;
      return this;
    }

    /** Waste at the barrier, run time of cancelled tasks, decode time. */
    public Builder costs(long waste, long cancelledTask, long decodeNs) {
      this.wasteMs = waste;
      this.cancelledTaskMs = cancelledTask;
      this.decodeNanos = decodeNs;
      return this;
    }

    public Builder failures(int failed, int lateDropped) {
      this.failedAttempts = failed;
      this.lateResultsDropped = lateDropped;
      return this;
    }

    public Builder ids(long accumulator, long broadcast) {
      this.accumulatorId = accumulator;
      this.broadcastId = broadcast;
      return this;
    }

    /** The decoding's residual and whether the aggregate is exact. */
    public Builder decoding(double residualNorm, boolean isExact) {
      this.residual = residualNorm;
      this.exact = isExact;
      return this;
    }

    public Builder estimated(Map<Integer, Integer> blocks) {
      this.estimatedBlocks = blocks;
      return this;
    }

    public Builder choice(String text) {
      this.choice = text;
      return this;
    }

    public Builder stale(Map<Integer, Integer> ages) {
      this.staleResults = ages;
      return this;
    }

    public Builder recordScale(double scale) {
      this.recordScale = scale;
      return this;
    }

    /** Executors lost, task attempts resubmitted, time waited for recomputation. */
    public Builder recovery(int lost, int resubmitted, long recomputeWait) {
      this.executorsLost = lost;
      this.tasksResubmitted = resubmitted;
      this.recomputeWaitMs = recomputeWait;
      return this;
    }

    public Builder cancelledRuns(List<CancelledTask> runs) {
      this.cancelledRuns = runs;
      return this;
    }

    public Builder chunksMoved(int moved) {
      this.chunksMoved = moved;
      return this;
    }

    /** The record. */
    public IterationRecord build() {
      return new IterationRecord(
          iteration,
          strategy,
          submitMs,
          decodeStartMs,
          endMs,
          finished,
          usedTasks,
          cancelledTasks,
          wasteMs,
          cancelledTaskMs,
          decodeNanos,
          failedAttempts,
          lateResultsDropped,
          accumulatorId,
          broadcastId,
          residual,
          exact,
          estimatedBlocks,
          choice,
          staleResults,
          recordScale,
          executorsLost,
          tasksResubmitted,
          recomputeWaitMs,
          cancelledRuns,
          chunksMoved);
    }
  }
}
