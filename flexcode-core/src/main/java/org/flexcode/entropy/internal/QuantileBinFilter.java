package org.flexcode.entropy.internal;

import java.util.List;
import org.flexcode.entropy.internal.RecordFunctions.ToDouble;

/** Level = the block-quantile bin of a numeric value of the record (see {@link Quantiles}). */
record QuantileBinFilter<T>(ToDouble<T> value, int bins) implements FeatureFilter<T> {

  private static final long serialVersionUID = 1L;

  @Override
  public int[] levels(List<T> block) {
    double[] values = new double[block.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = value.applyAsDouble(block.get(i));
    }
    return Quantiles.levels(values, bins);
  }

  @Override
  public String name() {
    return "quantileBins(" + bins + ")";
  }
}
