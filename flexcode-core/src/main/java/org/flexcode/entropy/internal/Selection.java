package org.flexcode.entropy.internal;

/**
 * A weighted subset of a block: {@code indices} into the block (ascending, distinct) and one weight
 * per picked record, chosen so that sum_k weights[k] * x[indices[k]] estimates sum_i x[i] without
 * bias over the selector's randomness.
 */
public record Selection(int[] indices, double[] weights) {
  /** Checks the lengths and copies the arrays. */
  public Selection {
    if (indices.length != weights.length) {
      throw new IllegalArgumentException(
          "indices and weights differ in length: " + indices.length + " vs " + weights.length);
    }
    indices = indices.clone();
    weights = weights.clone();
  }

  @Override
  public int[] indices() {
    return indices.clone();
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  /** Number of picked records. */
  public int size() {
    return indices.length;
  }
}
