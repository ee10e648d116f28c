package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * A strategy's answer for a set of finished tasks: aggregate = sum_i weights[i] * f_i over the
 * primary tasks in {@code used} (weights already include any rescaling), plus, for each entry
 * (block j, shadow task k) of {@code estimated}, shadow k's estimate of block j's statistic.
 */
public record Decision(
    double[] weights,
    BitSet used,
    double residual,
    boolean exact,
    Map<Integer, Integer> estimated) {

  /** Defensive copies. */
  public Decision {
    weights = weights.clone();
    used = (BitSet) used.clone();
    estimated = java.util.Collections.unmodifiableMap(new TreeMap<>(estimated));
  }

  /** A decision that uses no shadow. */
  public Decision(double[] weights, BitSet used, double residual, boolean exact) {
    this(weights, used, residual, exact, Map.of());
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
