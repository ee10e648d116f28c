package org.flexcode.monitoring;

import java.lang.ref.WeakReference;
import org.apache.spark.SparkContext;
import org.flexcode.spark.SparkInternals;

/**
 * Publishes each finished iteration on the driver: counts it in the context's {@link
 * FlexCodeMetricsSource} and posts a {@link FlexCodeIterationEvent} to the listener bus.
 */
public final class IterationMonitor {

  private static WeakReference<SparkContext> sourceContext = new WeakReference<>(null);
  private static FlexCodeMetricsSource source;

  private IterationMonitor() {}

  /** Publishes the iteration {@code event} run on {@code sc}. */
  public static void publish(SparkContext sc, FlexCodeIterationEvent event) {
    metrics(sc).record(event.record(), event.chunksMoved());
    SparkInternals.postEvent(sc, event);
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
