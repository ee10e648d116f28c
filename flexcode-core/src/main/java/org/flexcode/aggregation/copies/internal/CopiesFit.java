package org.flexcode.aggregation.copies.internal;

import java.util.function.IntFunction;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StorageBudget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How many chunk copies a {@link CopiedLayout} strategy keeps on the cluster it runs on. */
public final class CopiesFit {

  private static final Logger LOG = LoggerFactory.getLogger(CopiesFit.class);

  private CopiesFit() {}

  /**
   * {@code strategy} fitted to the {@code executors} registered and the {@code budget} of storage
   * memory ({@link CopiedLayout#fitTo}): itself when its {@code layout}'s copies all fit, {@code
   * withCopies} of the copies that do, or {@code bsp} when fewer than two fit.
   */
  public static AggregationStrategy fit(
      AggregationStrategy strategy,
      CopiesSpec layout,
      int executors,
      StorageBudget budget,
      IntFunction<AggregationStrategy> withCopies) {
    int fitted = fittedCopies(strategy, layout, executors, budget);
    if (fitted == 0) {
      return AggregationStrategy.bsp();
    }
    return fitted == layout.copies() ? strategy : withCopies.apply(fitted);
  }

  /**
   * The copies {@code strategy}'s {@code spec} keeps on {@code executors} registered ({@link
   * CopiesSpec#fittedCopies}) and within the {@code budget} of storage memory; 0 when the memory
   * holds fewer than two of the copies asked for, and the strategy should run {@code bsp}. Logged
   * when fewer than asked.
   */
  public static int fittedCopies(
      AggregationStrategy strategy, CopiesSpec spec, int executors, StorageBudget budget) {
    int byExecutors = spec.fittedCopies(executors);
    if (byExecutors != spec.copies()) {
      LOG.info(
          "FlexCode: {} asks for r={} copies of each chunk, {} executor(s) registered: caching {}",
          strategy.describe(),
          spec.copies(),
          executors,
          byExecutors);
    }
    int fitted = Math.min(byExecutors, budget.copiesThatFit());
    if (fitted < Math.min(2, byExecutors)) {
      fitted = 0;
    }
    if (fitted < byExecutors) {
      LOG.warn(
          "FlexCode: {} caches r={} copies of each chunk, but {}: {}",
          strategy.spec(),
          byExecutors,
          budget.describe(),
          fitted > 0 ? "caching " + fitted : "too little for two copies, running bsp");
    }
    return fitted;
  }
}
