package org.flexcode.aggregation.engine;

import java.io.Serializable;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.ComputedBlocks;

/**
 * What every task of one iteration computes: {@code statistic} (of length {@code dimension}) of the
 * broadcast model over its blocks ({@code blocks}: which of its cached blocks, {@code gcdc}'s
 * assignment), tagged with the iteration; {@code holding}: which results stay on their executors.
 */
record IterationInput<T, M>(
    int iteration,
    BroadcastModel<M> model,
    BlockStatistic<T, M> statistic,
    int dimension,
    ComputedBlocks blocks,
    ResultHolding holding)
    implements Serializable {

  /** Every task computes every block it caches; every result travels to the driver. */
  IterationInput(
      int iteration, BroadcastModel<M> model, BlockStatistic<T, M> statistic, int dimension) {
    this(iteration, model, statistic, dimension, ComputedBlocks.ALL, ResultHolding.INLINE);
  }
}
