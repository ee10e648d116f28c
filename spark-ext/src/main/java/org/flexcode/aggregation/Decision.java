package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * A strategy's answer for a set of finished tasks: aggregate = sum_i weights[i] * f_i over the
 * primary tasks in {@code used} (weights already include any rescaling), plus, for each entry
 * (block j, shadow task k) of {@code estimated}, {@code shares[j]} times shadow k's estimate of
 * block j's statistic (the share is 1 for a block no used primary holds; less when the primaries'
 * decoding covers part of the block).
 */
public record Decision(
    double[] weights,
    BitSet used,
    double residual,
    boolean exact,
    Map<Integer, Integer> estimated,
    Map<Integer, Double> shares) {

  /** Defensive copies; every estimated block has a share. */
  public Decision {
    weights = weights.clone();
    used = (BitSet) used.clone();
    estimated = java.util.Collections.unmodifiableMap(new TreeMap<>(estimated));
    shares = java.util.Collections.unmodifiableMap(new TreeMap<>(shares));
    if (!shares.keySet().equals(estimated.keySet())) {
      throw new IllegalArgumentException(
          "shares for blocks " + shares.keySet() + " but estimates for " + estimated.keySet());
    }
  }

  /** A decision that uses no shadow. */
  public Decision(double[] weights, BitSet used, double residual, boolean exact) {
    this(weights, used, residual, exact, Map.of(), Map.of());
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
