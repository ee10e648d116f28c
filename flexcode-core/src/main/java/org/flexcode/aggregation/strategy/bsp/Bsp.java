package org.flexcode.aggregation.strategy.bsp;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.coding.GradientCode;

/** {@code bsp}: waits for every task; uncoded. */
record Bsp() implements AggregationStrategy {

  @Override
  public String spec() {
    return BspFamily.BSP;
  }

  @Override
  public boolean isExact() {
    return true;
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    return AggregationStrategy.shadow(shadows);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new BspDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }
}
