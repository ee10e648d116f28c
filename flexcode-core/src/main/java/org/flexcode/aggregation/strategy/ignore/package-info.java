/**
 * {@code ignore:b}: leave out the b slowest results and rescale (static backup workers), and {@code
 * ignore:b=auto}, which chooses b before every iteration (dynamic backup workers).
 */
package org.flexcode.aggregation.strategy.ignore;
