/**
 * The one place that touches Spark internals ({@code private[spark]} members that are public in
 * bytecode) and Scala collections, so that differences between Spark 3.5 / Scala 2.12 and Spark 4.1
 * / Scala 2.13 live in a single class; and {@code UninterruptedRelease}, which releases cached data
 * and broadcasts from an interrupted thread, where Spark's blocking RPCs would refuse.
 */
package org.flexcode.spark.internal;
