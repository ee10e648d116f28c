/**
 * The FlexCode tab of the Spark UI and the History Server, as plain Java: {@link
 * org.flexcode.ui.internal.FitListener} turns the {@link
 * org.flexcode.monitoring.FlexCodeIterationEvent}s of the listener bus (live, or replayed from an
 * event log) into {@link org.flexcode.ui.internal.FitIteration} rows grouped by fit, and {@link
 * org.flexcode.ui.internal.FlexCodePages} renders them as HTML with a server-side SVG chart. The
 * Spark side (the tab, its pages, the status store and the history-server plugin) is the adapter
 * {@code org.apache.spark.ui.flexcode}.
 */
package org.flexcode.ui.internal;
