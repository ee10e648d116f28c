package org.flexcode.entropy.internal;

import java.util.Arrays;
import java.util.Locale;

/**
 * The subset selectors for shadow tasks: FlexEnt's maximal-joint-entropy selector and the uniform
 * random baseline. Both return min(budget, N) records of an N-record block with weights that make
 * sum_k w_k x_{i_k} an unbiased estimate of the block sum sum_i x_i for every fixed x.
 */
public final class Selectors {

  private Selectors() {}

  /**
   * Maximal joint entropy subset (FlexEnt, DESIGN.md section 3): covers as many joint colours as
   * possible, as evenly as possible. With n_c records of colour c in the block, K colours present
   * and r = min(budget, N):
   *
   * <ul>
   *   <li><b>r >= K</b> (every colour can be covered): integer water-filling r_c = min(n_c, lambda)
   *       with lambda the largest integer such that sum_c min(n_c, lambda) <= r; the remaining r -
   *       sum_c r_c picks go one each to distinct colours with n_c > lambda, chosen uniformly at
   *       random (seeded). Then sum_c r_c = r and every r_c >= 1 (lambda >= 1 because K <= r).
   *       Inside colour c, r_c records are drawn uniformly without replacement and weighted n_c /
   *       r_c (stratified sampling). Unbiased: given the allocation, each record of colour c is
   *       picked with probability r_c / n_c, so E[sum w x] = sum_c sum_{i in c} (r_c/n_c)(n_c/r_c)
   *       x_i = sum_i x_i; this needs r_c >= 1 for every c, which holds here. Maximal entropy: the
   *       subset's colour shares are r_c / r, entropy is Schur-concave, and the water-filled vector
   *       is majorized by every integer allocation with sum r and 0 <= r_c <= n_c, so no subset of
   *       r records has a higher joint entropy.
   *   <li><b>r < K</b> (not every colour can be covered): exactly r colours get one pick each,
   *       every colour with probability r / K; the colours are the first r of a seeded uniformly
   *       random permutation (the same design as systematic sampling with equal probabilities r / K
   *       over a random permutation). The picked record is uniform inside its colour and weighted
   *       n_c K / r: its inclusion probability is (r/K)(1/n_c), so this is the Horvitz-Thompson
   *       estimator and unbiased. The subset has r distinct colours, entropy log2 r, the maximum
   *       for r records. Its variance grows with the spread of the n_c (a large colour is either
   *       missed or counted K/r times).
   * </ul>
   *
   * Randomness comes from a generator specified in this package and seeded by {@code seed} only, so
   * every copy of a block selects the same subset.
   */
  public static SubsetSelector entropy() {
    return EntropySelector.INSTANCE;
  }

  /**
   * Uniform random subset: r = min(budget, N) of the N records without replacement (seeded), each
   * weighted N / r. Unbiased since each record is picked with probability r / N.
   */
  public static SubsetSelector random() {
    return RandomSelector.INSTANCE;
  }

  /** The selector named {@code name}: {@code entropy} or {@code random} (case-insensitive). */
  public static SubsetSelector parse(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    switch (key) {
      case "entropy":
        return entropy();
      case "random":
        return random();
      default:
        throw new IllegalArgumentException(
            "unknown subset selector '" + name + "': expected entropy or random");
    }
  }

  /** Rejects budgets below 1. */
  static void checkBudget(int budget) {
    if (budget <= 0) {
      throw new IllegalArgumentException("budget must be >= 1 records, got " + budget);
    }
  }

  /** The selection of {@code indices} (distinct) with their weights, sorted by index. */
  static Selection sortedSelection(int[] indices, double[] weights) {
    long[] order = new long[indices.length];
    for (int k = 0; k < indices.length; k++) {
      order[k] = ((long) indices[k] << 32) | k;
    }
    Arrays.sort(order);
    int[] sortedIndices = new int[indices.length];
    double[] sortedWeights = new double[indices.length];
    for (int k = 0; k < order.length; k++) {
      int from = (int) order[k];
      sortedIndices[k] = indices[from];
      sortedWeights[k] = weights[from];
    }
    return new Selection(sortedIndices, sortedWeights);
  }
}
