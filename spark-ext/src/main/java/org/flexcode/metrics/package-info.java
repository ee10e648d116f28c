/**
 * What an iteration did: which tasks ran, finished, were used and cancelled, how long the driver
 * waited, and what decoding cost. Plain records that reports and benchmarks read.
 */
package org.flexcode.metrics;
