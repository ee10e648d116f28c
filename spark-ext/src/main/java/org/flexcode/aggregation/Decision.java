package org.flexcode.aggregation;

import java.util.BitSet;

/**
 * A strategy's answer for a set of finished tasks: aggregate = sum_i weights[i] * f_i, where
 * weights already include any rescaling; {@code used} are the tasks with a non-zero weight.
 */
public record Decision(double[] weights, BitSet used, double residual, boolean exact) {
  /** Defensive copies. */
  public Decision {
    weights = weights.clone();
    used = (BitSet) used.clone();
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  @Override
  public BitSet used() {
    return (BitSet) used.clone();
  }
}
