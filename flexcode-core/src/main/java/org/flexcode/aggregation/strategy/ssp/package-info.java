/**
 * {@code ssp:staleness,b}: bounded staleness; a late result is applied in a later iteration if at
 * most {@code staleness} iterations old.
 */
package org.flexcode.aggregation.strategy.ssp;
