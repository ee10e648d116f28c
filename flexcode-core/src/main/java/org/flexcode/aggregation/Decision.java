package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * A strategy's answer for a set of finished tasks: aggregate = sum_i weights[i] * f_i over the
 * primary tasks in {@code used} (weights already include any rescaling), plus, for each entry
 * (block j, shadow task k) of {@code estimated}, {@code shares[j]} times shadow k's estimate of
 * block j's statistic (the share is 1 for a block no used primary holds; less when the primaries'
 * decoding covers part of the block). {@code recordScale}: the factor an approximation's weights
 * and shares were multiplied by to represent all records (1 when not rescaled).
 */
public record Decision(
    double[] weights,
    BitSet used,
    double residual,
    boolean exact,
    Map<Integer, Integer> estimated,
    Map<Integer, Double> shares,
    double recordScale) {

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

  /** A decision that was not rescaled to the records (recordScale 1). */
  public Decision(
      double[] weights,
      BitSet used,
      double residual,
      boolean exact,
      Map<Integer, Integer> estimated,
      Map<Integer, Double> shares) {
    this(weights, used, residual, exact, estimated, shares, 1.0);
  }

  /**
   * This decision with its weights and shares multiplied by {@code scale}, which it records as its
   * {@link #recordScale} (all records / records the approximation represents).
   */
  public Decision scaled(double scale) {
    double[] w = weights.clone();
    for (int i = 0; i < w.length; i++) {
      w[i] *= scale;
    }
    Map<Integer, Double> s = new TreeMap<>();
    shares.forEach((block, share) -> s.put(block, share * scale));
    return new Decision(w, used, residual, exact, estimated, s, recordScale * scale);
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
