/**
 * {@code flexrr:staleness}: steal's chunk copies and reassignment, with bounded staleness for the
 * chunk that cannot move in time; its result is applied in a later iteration, at most {@code
 * staleness} iterations old.
 */
package org.flexcode.aggregation.strategy.flexrr;
