package org.flexcode.aggregation.strategy.ignore;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.rules.internal.IgnoreDecoder;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/** {@code ignore:b=B}: backup workers, the fastest n - b tasks of an uncoded layout, rescaled. */
record Ignore(int b) implements AggregationStrategy {

  /** Validates. */
  public Ignore {
    if (b < 0) {
      throw new IllegalArgumentException("ignore: b (tasks to ignore) must be >= 0, got " + b);
    }
  }

  @Override
  public String spec() {
    return SpecText.of(IgnoreFamily.IGNORE).with("b", b).toString();
  }

  @Override
  public boolean isExact() {
    return b == 0;
  }

  @Override
  public GradientCode code(int numTasks) {
    if (b >= numTasks) {
      throw new IllegalArgumentException(
          "ignore: b=" + b + " must be < the number of tasks n=" + numTasks);
    }
    return GradientCode.uncoded(numTasks);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new IgnoreDecoder(this, b, code, blockRecords.clone());
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The b results an iteration may leave out. */
  @Override
  public int leftOut() {
    return b;
  }
}
