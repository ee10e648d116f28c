package org.flexcode.aggregation;

import java.util.Map;
import org.flexcode.adaptive.internal.TaskTimes;

/**
 * A bound-strategy capability: the strategy chooses before each iteration (a mode, a b, clusters)
 * and learns from what the iteration showed. {@link #NONE} for a fixed strategy.
 */
public interface Adaptive {

  /** A fixed strategy: no choice, computes all its blocks, learns nothing. */
  Adaptive NONE = new Adaptive() {};

  /**
   * Called before iteration {@code iteration} starts: an adaptive strategy makes its choice for the
   * iteration here and returns why (for the log and the record); "" for a fixed strategy.
   */
  default String beforeIteration(int iteration) {
    return "";
  }

  /**
   * Which of its cached blocks each primary computes in the iteration {@link #beforeIteration} just
   * prepared: all of them, or {@code gcdc}'s assigned slots.
   */
  default ComputedBlocks computedBlocks() {
    return ComputedBlocks.ALL;
  }

  /**
   * What the iteration just ended showed of its primary tasks' times (adaptive strategies learn).
   */
  default void afterIteration(TaskTimes times) {}

  /**
   * The results that arrived in the iteration just ended, by task, whose first {@code length}
   * components are per-record directions (a gradient), the rest totals ({@link
   * BlockStatistic#trailingTotals}); adaptive strategies measure how much they differ.
   */
  default void afterResults(Map<Integer, PartialResult> results, int length) {}

  /**
   * Whether {@link #afterResults} reads the results' values, so that they must travel to the driver
   * whatever their size (no result of the fit stays on its executor).
   */
  default boolean readsResultValues() {
    return false;
  }
}
