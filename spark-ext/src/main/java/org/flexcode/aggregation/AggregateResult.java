package org.flexcode.aggregation;

import java.util.List;
import java.util.Optional;
import org.flexcode.metrics.IterationRecord;

/**
 * The aggregate of one iteration (the full sum, or its estimate), what the iteration did, and what
 * the strategy or its layout added ({@link IterationDetail}; none for most strategies).
 */
public record AggregateResult(
    double[] values, boolean exact, IterationRecord record, List<IterationDetail> details) {
  /** Defensive copies. */
  public AggregateResult {
    values = values.clone();
    details = details == null ? List.of() : List.copyOf(details);
  }

  /** A result without details. */
  public AggregateResult(double[] values, boolean exact, IterationRecord record) {
    this(values, exact, record, List.of());
  }

  @Override
  public double[] values() {
    return values.clone();
  }

  /** The detail of type {@code type}, if the iteration has one. */
  public <D extends IterationDetail> Optional<D> detail(Class<D> type) {
    return details.stream().filter(type::isInstance).map(type::cast).findFirst();
  }

  /** Units of work that moved between executors, over every detail. */
  public int workMoved() {
    return details.stream().mapToInt(IterationDetail::workMoved).sum();
  }
}
