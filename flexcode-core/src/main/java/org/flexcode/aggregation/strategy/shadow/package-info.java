/**
 * {@code shadow} and {@code hybrid}: shadow tasks over entropy-rich subsets of the blocks estimate
 * what stragglers miss, alone or beside coded primaries; late shadows launch once a primary runs
 * late.
 */
package org.flexcode.aggregation.strategy.shadow;
