package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.util.AccumulatorV2;
import org.apache.spark.util.CollectionAccumulator;
import org.flexcode.aggregation.PartialResult;

/**
 * Carries partial results from tasks to the driver. Only the driver-side instance is of this class:
 * what Spark ships to executors ({@link #copyAndReset}) is Spark's own {@link
 * CollectionAccumulator} of {@link PartialResult#toWire} arrays, so the updates tasks send back
 * deserialize with JDK and Spark classes only, and a driver that loaded FlexCode through a child
 * class loader (a notebook kernel, {@code spark.jars}) can read them. Spark calls {@link #merge} as
 * each task completes (before the job ends); this instance decodes the entries and forwards them to
 * its sink instead of keeping them, so the driver holds nothing between iterations. {@code merge}
 * runs on Spark's scheduler event thread and never blocks.
 */
final class PartialResultAccumulator extends AccumulatorV2<Object[], List<Object[]>> {

  private static final long serialVersionUID = 1L;

  private final List<Object[]> entries = new ArrayList<>(1);
  private transient Consumer<PartialResult> sink;

  PartialResultAccumulator() {}

  /** Driver side: where merged entries go. */
  synchronized void setSink(Consumer<PartialResult> sink) {
    this.sink = sink;
  }

  @Override
  public synchronized boolean isZero() {
    return entries.isEmpty();
  }

  /** A Spark {@link CollectionAccumulator} holding this one's entries (never this class). */
  @Override
  public synchronized AccumulatorV2<Object[], List<Object[]>> copy() {
    CollectionAccumulator<Object[]> copy = new CollectionAccumulator<>();
    for (Object[] entry : entries) {
      copy.add(entry);
    }
    return copy;
  }

  /** What executors get: an empty Spark {@link CollectionAccumulator}. */
  @Override
  public AccumulatorV2<Object[], List<Object[]>> copyAndReset() {
    return new CollectionAccumulator<>();
  }

  @Override
  public synchronized void reset() {
    entries.clear();
  }

  @Override
  public synchronized void add(Object[] entry) {
    entries.add(entry);
  }

  @Override
  public void merge(AccumulatorV2<Object[], List<Object[]>> other) {
    List<Object[]> incoming = other.value();
    Consumer<PartialResult> target;
    synchronized (this) {
      target = sink;
      if (target == null) {
        entries.addAll(incoming);
        return;
      }
    }
    for (Object[] entry : incoming) {
      target.accept(PartialResult.fromWire(entry));
    }
  }

  @Override
  public synchronized List<Object[]> value() {
    return new ArrayList<>(entries);
  }
}
