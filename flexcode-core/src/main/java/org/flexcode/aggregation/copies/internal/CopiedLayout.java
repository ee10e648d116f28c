package org.flexcode.aggregation.copies.internal;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.StorageBudget;

/**
 * A strategy capability: the strategy runs over chunk copies cached on several executors ({@code
 * steal}, {@code auto}), laid out as {@link #layout} says once fitted to the cluster. The Spark
 * side of the library finds the layout that caches them through this capability.
 */
public interface CopiedLayout {

  /** The chunk copies the strategy caches. */
  CopiesSpec layout();

  /**
   * The strategy fitted to the {@code cluster} it starts on and to the storage memory the executors
   * have free: fewer copies, or {@code bsp} when fewer than two fit ({@link CopiesFit}).
   */
  AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget);
}
