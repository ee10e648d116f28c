/**
 * {@code gcdc:s,clusters}: gradient coding with dynamic clustering, the clusters re-formed before
 * each iteration so that recent stragglers are spread.
 */
package org.flexcode.aggregation.strategy.gcdc;
