package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * What every task of one iteration computes: {@code statistic} (of length {@code dimension}) of the
 * broadcast model over its blocks, tagged with the iteration.
 */
record IterationInput<T, M>(
    int iteration, BroadcastModel<M> model, BlockStatistic<T, M> statistic, int dimension)
    implements Serializable {}
