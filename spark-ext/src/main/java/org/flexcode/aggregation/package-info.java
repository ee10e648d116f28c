/**
 * The Spark side of FlexCode: a coded, cached RDD whose partitions hold redundant data blocks, and
 * an engine that runs one asynchronous job per iteration, receives partial results through an
 * {@code AccumulatorV2} as tasks finish, decodes as soon as the finished set allows, and cancels
 * the rest. Strategies ({@code bsp}, {@code ignore}, {@code frc}, {@code cyclic}) decide when.
 */
package org.flexcode.aggregation;
