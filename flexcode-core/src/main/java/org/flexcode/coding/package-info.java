/**
 * Gradient codes: which data blocks each task holds, with which coefficients, and how to decode the
 * exact sum of all block statistics from the tasks that finished (or its least-squares best
 * approximation when too few did). Plain Java, no Spark: everything here is testable without a
 * SparkContext.
 */
package org.flexcode.coding;
