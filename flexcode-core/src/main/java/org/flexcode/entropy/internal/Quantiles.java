package org.flexcode.entropy.internal;

import java.util.Arrays;

/**
 * Quantile binning fitted to one block: the cut points are the block's empirical j/bins quantiles,
 * c_j = s[floor(j * m / bins)] for the sorted non-NaN values s[0..m), j = 1..bins-1. Equal cut
 * points (ties) and cut points equal to the minimum are dropped, so every level is non-empty and
 * the levels are dense: level(v) = number of cut points <= v, in [0, number of cut points]. NaN
 * values get the extra level (number of cut points + 1).
 */
final class Quantiles {

  private Quantiles() {}

  /** The quantile level of every value; see the class comment. */
  static int[] levels(double[] values, int bins) {
    double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    double[] cuts = cutPoints(sorted, bins);
    int[] levels = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      levels[i] = Double.isNaN(values[i]) ? cuts.length + 1 : countAtMost(cuts, values[i]);
    }
    return levels;
  }

  /** The distinct cut points above the minimum, ascending, from sorted non-NaN values. */
  static double[] cutPoints(double[] sorted, int bins) {
    int m = sorted.length;
    double[] cuts = new double[Math.max(0, bins - 1)];
    int n = 0;
    for (int j = 1; j < bins && m > 0; j++) {
      double c = sorted[(int) ((long) j * m / bins)];
      if (c > sorted[0] && (n == 0 || c > cuts[n - 1])) {
        cuts[n++] = c;
      }
    }
    return Arrays.copyOf(cuts, n);
  }

  private static int countAtMost(double[] cuts, double v) {
    int lo = 0;
    int hi = cuts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cuts[mid] <= v) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
