package org.flexcode.monitoring;

import java.lang.ref.WeakReference;
import org.apache.spark.SparkContext;
import org.flexcode.metrics.StragglerReport;
import org.flexcode.spark.internal.SparkInternals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes each finished iteration on the driver: counts it in the context's {@link
 * FlexCodeMetricsSource} and posts a {@link FlexCodeIterationEvent} to the listener bus; at the end
 * of a fit logs its {@link StragglerReport} as one INFO block and posts a {@link
 * FlexCodeFitEndEvent}.
 */
public final class IterationMonitor {

  private static final Logger LOG = LoggerFactory.getLogger(IterationMonitor.class);

  private static WeakReference<SparkContext> sourceContext = new WeakReference<>(null);
  private static FlexCodeMetricsSource source;

  private IterationMonitor() {}

  /** Publishes the iteration {@code event} run on {@code sc}. */
  public static void publish(SparkContext sc, FlexCodeIterationEvent event) {
    metrics(sc).record(event.record(), event.chunksMoved());
    SparkInternals.postEvent(sc, event);
  }

  /** Logs the straggler report of a fit of engine {@code workload} on {@code sc} and posts it. */
  public static void fitEnded(SparkContext sc, String workload, StragglerReport report) {
    LOG.info("{} fit: {}", workload, report.text());
    SparkInternals.postEvent(sc, new FlexCodeFitEndEvent(workload, report));
  }

  /** The metrics source of {@code sc}, registered with its metrics system on first use. */
  public static synchronized FlexCodeMetricsSource metrics(SparkContext sc) {
    if (sourceContext.get() != sc) {
      source = new FlexCodeMetricsSource();
      sourceContext = new WeakReference<>(sc);
      SparkInternals.registerMetricsSource(sc, source.sourceName(), source.metricRegistry());
    }
    return source;
  }
}
