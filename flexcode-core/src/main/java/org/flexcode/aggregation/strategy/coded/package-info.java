/**
 * Gradient codes: {@code frc:s} and {@code cyclic:s} lay the blocks out redundantly so that any s
 * stragglers can be done without, exactly.
 */
package org.flexcode.aggregation.strategy.coded;
