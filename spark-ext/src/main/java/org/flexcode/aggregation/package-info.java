/**
 * FlexCode's aggregation, the straggler-tolerant replacement for {@code treeAggregate}. This
 * package is the seam every part shares: {@link org.flexcode.aggregation.AggregationStrategy} (a
 * typed value parsed once from a spec such as {@code cyclic:s=1}), {@link
 * org.flexcode.aggregation.BoundStrategy} (the strategy bound to the data, deciding from the
 * arrivals), {@link org.flexcode.aggregation.Decision}, the options and the per-iteration result,
 * and {@link org.flexcode.aggregation.StrategyFamily}, through which every family registers.
 *
 * <p>Sub-packages: {@code engine} (setup, one asynchronous job per iteration, arrivals through an
 * accumulator, cancellation, recovery, records; its entry point is {@link
 * org.flexcode.aggregation.engine.CodedAggregator}), {@code copies} (the chunk-copies layout {@code
 * steal} and {@code auto} share), {@code rules} (decision rules several families use) and {@code
 * strategy.<family>} (one package per family: its spec record, its family registration, its
 * decision logic and, where it has them, its launches).
 */
package org.flexcode.aggregation;
