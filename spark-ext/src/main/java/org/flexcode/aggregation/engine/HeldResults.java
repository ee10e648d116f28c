package org.flexcode.aggregation.engine;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkContext;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.CombinationTerm;
import org.flexcode.aggregation.IterationCancelledException;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.spark.internal.ExecutorBlocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver's side of results that stay on their executors: one block set per iteration ({@link
 * #open}), released once no decode can use it. An iteration's results can be applied up to {@code
 * staleness} iterations later ({@code ssp}), so its set is released after that iteration's decode,
 * and again two iterations later, for a copy that finished after the first release (its iteration's
 * model broadcast lives that long). The iteration's inline budget ({@code inlineMaxBytes}) is
 * shared by its tasks: a result over its share stays on its executor. Inline (holds nothing) when
 * the budget is {@code Long.MAX_VALUE}.
 */
final class HeldResults implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(HeldResults.class);

  private final SparkContext sc;
  private final long inlineMaxBytes;
  private final int tasks;
  private final int staleness;
  private final Map<Integer, ResultHolding> byIteration = new TreeMap<>();
  private boolean inlineNext;

  HeldResults(SparkContext sc, long inlineMaxBytes, int tasks, int staleness) {
    this.sc = sc;
    this.inlineMaxBytes = inlineMaxBytes;
    this.tasks = Math.max(1, tasks);
    this.staleness = staleness;
  }

  /**
   * Results above their share of {@code options}' inline budget ({@code tasks} share it) stay on
   * their executors, unless the strategy reads every result's values on the driver ({@code
   * auto:exact=false}).
   */
  static HeldResults of(
      SparkContext sc,
      AggregatorOptions options,
      BoundStrategy bound,
      Adaptive adaptive,
      int tasks,
      String strategy) {
    long threshold = options.inlineMaxBytes();
    if (adaptive.readsResultValues() && threshold != AggregatorOptions.ALWAYS_INLINE) {
      LOG.info(
          "FlexCode: {} reads every result on the driver: results travel whatever their size",
          strategy);
      threshold = AggregatorOptions.ALWAYS_INLINE;
    }
    int staleness = bound.capability(StaleResults.class).orElse(StaleResults.NONE).staleness();
    return new HeldResults(sc, threshold, tasks, staleness);
  }

  /** Whether results above the threshold stay on their executors. */
  boolean enabled() {
    return inlineMaxBytes < Long.MAX_VALUE;
  }

  /**
   * The holding of iteration {@code it}'s tasks: a fresh block set, or inline; for an iteration
   * decoded by {@code sliced} (null: whole), results kept cut into its slices.
   */
  ResultHolding open(int it, SlicedDecode sliced, int dimension) {
    if (!enabled() || inlineNext) {
      inlineNext = false;
      return ResultHolding.INLINE;
    }
    ResultHolding holding =
        new ResultHolding(
            ExecutorBlocks.newId(sc),
            inlineMaxBytes / tasks,
            inlineMaxBytes,
            sliced == null ? null : HeldSlices.of(sc, sliced, dimension));
    byIteration.put(it, holding);
    return holding;
  }

  /** The holding iteration {@code it} ran with (a stale result's), inline if none is kept. */
  ResultHolding of(int it) {
    return byIteration.getOrDefault(it, ResultHolding.INLINE);
  }

  /**
   * Iteration {@code it}'s aggregate: {@code terms} applied to {@code results}, on the driver for
   * those that travelled and on their executors for those held there ({@link ExecutorCombine});
   * then releases the sets no later decode reads. Throws {@link HeldResultLostException} when a
   * held result is gone (its executor was lost); the next iteration opened then runs inline.
   */
  double[] decode(
      int it,
      List<CombinationTerm> terms,
      Map<Integer, PartialResult> results,
      int dimension,
      String label) {
    try {
      ExecutorCombine.Combined combined =
          ExecutorCombine.combine(sc, terms, results, this::of, dimension, inlineMaxBytes, label);
      if (combined.heldResults() > 0 && LOG.isDebugEnabled()) {
        LOG.debug(
            "FlexCode iteration {}: {} held results combined on {} executors",
            it,
            combined.heldResults(),
            combined.executors());
      }
      return combined.sum();
    } catch (Exception e) { // Spark's SparkException is checked in Java's eyes
      throw failure(it, e);
    } finally {
      decoded(it);
    }
  }

  /**
   * Iteration {@code it}'s aggregate decoded by slices on the executors ({@link SliceCombine}):
   * {@code sliced}'s outputs, concatenated; as {@link #decode} for lost results and releases.
   */
  double[] decodeSliced(
      int it,
      List<CombinationTerm> terms,
      Map<Integer, PartialResult> results,
      SlicedDecode sliced,
      String label) {
    try {
      return SliceCombine.combine(sc, it, terms, results, this::of, sliced, label);
    } catch (Exception e) { // Spark's SparkException is checked in Java's eyes
      throw failure(it, e);
    } finally {
      decoded(it);
    }
  }

  /**
   * What a failed combine job means: a held result lost (the next iteration opened runs inline),
   * the user's cancel, or an error as it is.
   */
  private RuntimeException failure(int it, Exception e) {
    String message = String.valueOf(e.getMessage());
    if (message.contains(ExecutorCombine.GONE)) {
      inlineNext = true;
      return new HeldResultLostException(it, e);
    }
    if (e instanceof RuntimeException runtime) {
      return runtime;
    }
    if (message.contains("cancelled")) {
      return new IterationCancelledException(
          "FlexCode iteration " + it + ": the job combining its results was cancelled", e);
    }
    return new IllegalStateException(
        "FlexCode iteration " + it + ": combining its results on the executors failed", e);
  }

  /** After iteration {@code it}'s decode: releases the sets no later decode can read. */
  private void decoded(int it) {
    release(byIteration.get(it - staleness));
    ResultHolding last = byIteration.remove(it - staleness - 2);
    release(last);
  }

  private void release(ResultHolding holding) {
    if (holding != null) {
      ExecutorBlocks.removeAll(sc, holding.blocksId());
      if (holding.slices() != null) {
        holding.slices().removeAll(sc);
      }
    }
  }

  /** Releases every set still kept. */
  @Override
  public void close() {
    byIteration.values().forEach(this::release);
    byIteration.clear();
  }
}
