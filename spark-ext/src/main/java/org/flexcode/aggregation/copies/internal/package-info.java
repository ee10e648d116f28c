/**
 * The chunk-copies layout that {@code steal} and {@code auto} share: each block cut into chunks,
 * each chunk cached on r executors ({@link org.flexcode.aggregation.copies.internal.StealPlan}),
 * idle executors taking chunks not yet started and late chunks getting a copy, the first copy of a
 * chunk counting.
 */
package org.flexcode.aggregation.copies.internal;
