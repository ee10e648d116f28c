package org.flexcode.entropy.internal;

import java.util.Arrays;

/**
 * Shannon entropy, in bits, of a colour distribution: H = -sum_c p_c log2 p_c with p_c the share of
 * records of colour c (Shannon 1948). The joint entropy of a subset is this entropy over the
 * subset's joint colours (FlexEnt). An empty array has entropy 0.
 */
final class JointEntropy {

  private JointEntropy() {}

  /** Entropy in bits of the distribution of {@code colours} (any int ids). */
  public static double of(int[] colours) {
    int n = colours.length;
    if (n == 0) {
      return 0;
    }
    int[] sorted = colours.clone();
    Arrays.sort(sorted);
    double sum = 0; // sum_c n_c log2 n_c; H = log2 n - sum / n
    int run = 1;
    for (int i = 1; i <= n; i++) {
      if (i < n && sorted[i] == sorted[i - 1]) {
        run++;
      } else {
        sum += run * log2(run);
        run = 1;
      }
    }
    return Math.max(0, log2(n) - sum / n);
  }

  /** Entropy in bits of the colours of the records at {@code indices}. */
  public static double ofSubset(int[] colours, int[] indices) {
    int[] picked = new int[indices.length];
    for (int k = 0; k < indices.length; k++) {
      if (indices[k] < 0 || indices[k] >= colours.length) {
        throw new IllegalArgumentException(
            "index " + indices[k] + " at position " + k + " outside [0, " + colours.length + ")");
      }
      picked[k] = colours[indices[k]];
    }
    return of(picked);
  }

  /** Number of distinct colours in {@code colours}. */
  public static int distinct(int[] colours) {
    return (int) Arrays.stream(colours).distinct().count();
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
