/**
 * What a run shows while it runs, on the driver: one {@link
 * org.flexcode.monitoring.FlexCodeIterationEvent} per iteration on Spark's listener bus (so any
 * SparkListener, the event log and the history server see it) and the Dropwizard counters of {@link
 * org.flexcode.monitoring.FlexCodeMetricsSource} in Spark's metrics system.
 */
package org.flexcode.monitoring;
