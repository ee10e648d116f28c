/**
 * What a run shows while it runs, on the driver: one {@link
 * org.flexcode.monitoring.FlexCodeIterationEvent} per iteration on Spark's listener bus (so any
 * SparkListener, the event log and the history server see it), one {@link
 * org.flexcode.monitoring.FlexCodeFitEndEvent} with the straggler report at the end of each fit,
 * and the Dropwizard counters of {@link org.flexcode.monitoring.FlexCodeMetricsSource} in Spark's
 * metrics system.
 */
package org.flexcode.monitoring;
