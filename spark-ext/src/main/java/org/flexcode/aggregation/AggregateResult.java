package org.flexcode.aggregation;

import org.flexcode.metrics.IterationRecord;

/** The aggregate of one iteration (the full sum, or its estimate) and what the iteration did. */
public record AggregateResult(double[] values, boolean exact, IterationRecord record) {
  /** Defensive copy. */
  public AggregateResult {
    values = values.clone();
  }

  @Override
  public double[] values() {
    return values.clone();
  }
}
