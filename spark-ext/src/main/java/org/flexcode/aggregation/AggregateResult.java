package org.flexcode.aggregation;

import org.flexcode.aggregation.copies.StealRecord;
import org.flexcode.metrics.IterationRecord;

/**
 * The aggregate of one iteration (the full sum, or its estimate), what the iteration did, and for
 * {@code steal} which chunks moved ({@link StealRecord#NONE} for the other strategies).
 */
public record AggregateResult(
    double[] values, boolean exact, IterationRecord record, StealRecord steal) {
  /** Defensive copy. */
  public AggregateResult {
    values = values.clone();
    steal = steal == null ? StealRecord.NONE : steal;
  }

  /** A result without stealing. */
  public AggregateResult(double[] values, boolean exact, IterationRecord record) {
    this(values, exact, record, StealRecord.NONE);
  }

  @Override
  public double[] values() {
    return values.clone();
  }
}
