package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.util.AccumulatorV2;

/**
 * Carries partial results from tasks to the driver. On an executor it collects the task's own
 * entries; on the driver Spark calls {@link #merge} as each task completes (before the job ends),
 * and the driver-side instance forwards the entries to its sink instead of keeping them, so the
 * driver holds nothing between iterations. {@code merge} runs on Spark's scheduler event thread and
 * never blocks.
 */
final class PartialResultAccumulator extends AccumulatorV2<PartialResult, List<PartialResult>> {

  private static final long serialVersionUID = 1L;

  private final List<PartialResult> entries = new ArrayList<>(1);
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

  @Override
  public synchronized AccumulatorV2<PartialResult, List<PartialResult>> copy() {
    PartialResultAccumulator copy = new PartialResultAccumulator();
    copy.entries.addAll(entries);
    return copy;
  }

  @Override
  public synchronized void reset() {
    entries.clear();
  }

  @Override
  public synchronized void add(PartialResult entry) {
    entries.add(entry);
  }

  @Override
  public void merge(AccumulatorV2<PartialResult, List<PartialResult>> other) {
    List<PartialResult> incoming = other.value();
    Consumer<PartialResult> target;
    synchronized (this) {
      target = sink;
      if (target == null) {
        entries.addAll(incoming);
        return;
      }
    }
    for (PartialResult entry : incoming) {
      target.accept(entry);
    }
  }

  @Override
  public synchronized List<PartialResult> value() {
    return new ArrayList<>(entries);
  }
}
