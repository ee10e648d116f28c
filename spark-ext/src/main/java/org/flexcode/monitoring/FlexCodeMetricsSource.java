package org.flexcode.monitoring;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import org.flexcode.metrics.IterationRecord;

/**
 * FlexCode's metrics source ({@code flexcode}) in the driver's Spark metrics system, reported by
 * the sinks of {@code spark.metrics.conf} as {@code <app>.driver.flexcode.<name>}: counters {@code
 * iterations}, {@code tasksCancelled}, {@code chunksMoved} (work stealing), {@code failedAttempts}
 * and {@code decodeNanos} (total decode time), and the timer {@code decodeTime} (its distribution).
 * One source per SparkContext, registered on the first iteration.
 *
 * <p>The metrics are a plain Dropwizard registry under a name; {@link
 * org.flexcode.spark.internal.SparkInternals#registerMetricsSource} registers them with Spark's
 * metrics system (whose {@code Source} is Spark-internal).
 */
final class FlexCodeMetricsSource {

  /** The source's name in metric names. */
  public static final String NAME = "flexcode";

  private final MetricRegistry registry = new MetricRegistry();
  private final Counter iterations = registry.counter("iterations");
  private final Counter tasksCancelled = registry.counter("tasksCancelled");
  private final Counter chunksMoved = registry.counter("chunksMoved");
  private final Counter failedAttempts = registry.counter("failedAttempts");
  private final Counter decodeNanos = registry.counter("decodeNanos");
  private final Timer decodeTime = registry.timer("decodeTime");

  FlexCodeMetricsSource() {}

  /** The source's name in metric names: {@link #NAME}. */
  public String sourceName() {
    return NAME;
  }

  /** The counters and the timer, as the metrics system's sinks read them. */
  public MetricRegistry metricRegistry() {
    return registry;
  }

  /** Counts one iteration. */
  void record(IterationRecord record, int moved) {
    iterations.inc();
    tasksCancelled.inc(record.cancelledTasks().size());
    chunksMoved.inc(moved);
    failedAttempts.inc(record.failedAttempts());
    decodeNanos.inc(record.decodeNanos());
    decodeTime.update(record.decodeNanos(), TimeUnit.NANOSECONDS);
  }

  /** Iterations so far. */
  public long iterations() {
    return iterations.getCount();
  }

  /** Tasks cancelled so far (stragglers a strategy did not wait for). */
  public long tasksCancelled() {
    return tasksCancelled.getCount();
  }

  /** Chunks moved by work stealing so far. */
  public long chunksMoved() {
    return chunksMoved.getCount();
  }

  /** Task attempts that threw so far (Spark retried them). */
  public long failedAttempts() {
    return failedAttempts.getCount();
  }

  /** Total decode time so far, in nanoseconds. */
  public long decodeNanos() {
    return decodeNanos.getCount();
  }
}
