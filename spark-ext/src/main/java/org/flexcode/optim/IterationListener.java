package org.flexcode.optim;

import org.flexcode.metrics.IterationRecord;

/** Called after every optimizer iteration, on the driver (progress lines, reports). */
@FunctionalInterface
public interface IterationListener {
  /** {@code loss} is the iteration's entry of the loss history (NaN if the batch was empty). */
  void onIteration(int iteration, double loss, IterationRecord record);
}
