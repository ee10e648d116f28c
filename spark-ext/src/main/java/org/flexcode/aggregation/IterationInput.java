package org.flexcode.aggregation;

import java.io.Serializable;
import org.apache.spark.broadcast.Broadcast;

/**
 * What every task of one iteration computes: {@code statistic} (of length {@code dimension}) of the
 * broadcast model over its blocks, tagged with the iteration.
 */
record IterationInput<T, M>(
    int iteration, Broadcast<M> model, BlockStatistic<T, M> statistic, int dimension)
    implements Serializable {}
