/**
 * The Spark side of FlexCode: a coded, cached RDD whose partitions hold redundant data blocks, and
 * an engine that runs one asynchronous job per iteration, receives partial results through an
 * {@code AccumulatorV2} as tasks finish, decodes as soon as the finished set allows, and cancels
 * the rest. Strategies are typed values ({@code AggregationStrategy}, parsed once from a spec such
 * as {@code hybrid:s=1,m=1}) that bind to the data into the decoder deciding when.
 *
 * <p>{@link org.flexcode.aggregation.engine.CodedAggregator} is the entry point; per iteration it
 * runs an {@code IterationRun} (arrival state and the wait), whose {@code JobSubmitter} submits
 * {@code CodedTask}s, whose {@code LateLaunchPolicy} adds late tasks, and whose {@code Recovery}
 * resubmits, approximates or fails; {@code TaskLayout} knows who holds which block and combines a
 * {@link org.flexcode.aggregation.Decision} into the aggregate. Strategy {@code steal} cuts the
 * blocks into chunks and their copies ({@code StealPlan}, {@code PieceRDD}, {@code ChunkRDD},
 * cached by {@code GroupedCaching}), launches copies as executors go idle or chunks run late
 * ({@code StealLaunches}) and counts each chunk once ({@code StealDecoder}).
 */
package org.flexcode.aggregation;
