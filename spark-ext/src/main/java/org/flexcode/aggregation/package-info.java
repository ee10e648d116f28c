/**
 * The Spark side of FlexCode: a coded, cached RDD whose partitions hold redundant data blocks, and
 * an engine that runs one asynchronous job per iteration, receives partial results through an
 * {@code AccumulatorV2} as tasks finish, decodes as soon as the finished set allows, and cancels
 * the rest. Strategies are typed values ({@code AggregationStrategy}, parsed once from a spec such
 * as {@code hybrid:s=1,m=1}) that bind to the data into the decoder deciding when.
 */
package org.flexcode.aggregation;
