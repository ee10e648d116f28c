/**
 * {@code auto}: on the chunk-copies layout, before each iteration the mode (bsp, steal, ignore:b)
 * predicted fastest.
 */
package org.flexcode.aggregation.strategy.auto;
