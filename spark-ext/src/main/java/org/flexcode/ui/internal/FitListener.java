package org.flexcode.ui.internal;

import java.util.function.Consumer;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.flexcode.monitoring.FlexCodeIterationEvent;

/**
 * Receives FlexCode's iteration events from the listener bus (live, or the History Server's replay
 * of an event log) and hands each on, keyed by its fit, to a sink (the tab's store).
 */
public final class FitListener extends SparkListener {

  private final FitKeys keys = new FitKeys();
  private final Consumer<FitIteration> sink;

  /** A listener that gives every iteration to {@code sink}. */
  public FitListener(Consumer<FitIteration> sink) {
    this.sink = sink;
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof FlexCodeIterationEvent e) {
      sink.accept(
          new FitIteration(
              keys.keyOf(e), e.workload(), e.record(), e.chunksMoved(), e.cancelledOn()));
    }
  }
}
