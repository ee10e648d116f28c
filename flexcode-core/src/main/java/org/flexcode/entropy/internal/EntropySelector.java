package org.flexcode.entropy.internal;

import java.util.Arrays;

/**
 * Maximal-joint-entropy subset with unbiased weights: water-filling stratified sampling when the
 * budget covers every colour, Horvitz-Thompson one-pick-per-colour otherwise (the math is in {@link
 * Selectors#entropy()}).
 */
final class EntropySelector implements SubsetSelector {

  private static final long serialVersionUID = 1L;

  static final EntropySelector INSTANCE = new EntropySelector();

  private EntropySelector() {}

  @Override
  public Selection select(int[] colours, int budget, long seed) {
    Selectors.checkBudget(budget);
    int n = colours.length;
    if (n == 0) {
      return new Selection(new int[0], new double[0]);
    }
    int r = Math.min(budget, n);
    int[][] members = membersByColour(colours);
    int k = members.length;
    Mix random = new Mix(seed);
    int[] indices = new int[r];
    double[] weights = new double[r];
    int next = 0;
    if (r >= k) {
      int[] sizes = new int[k];
      for (int c = 0; c < k; c++) {
        sizes[c] = members[c].length;
      }
      int[] allocation = waterFill(sizes, r, random);
      for (int c = 0; c < k; c++) {
        random.partialShuffle(members[c], allocation[c]);
        double weight = (double) sizes[c] / allocation[c];
        for (int j = 0; j < allocation[c]; j++) {
          indices[next] = members[c][j];
          weights[next++] = weight;
        }
      }
    } else {
      int[] order = new int[k];
      Arrays.setAll(order, c -> c);
      random.partialShuffle(order, r);
      for (int j = 0; j < r; j++) {
        int[] colour = members[order[j]];
        indices[next] = colour[random.nextInt(colour.length)];
        weights[next++] = (double) colour.length * k / r;
      }
    }
    return Selectors.sortedSelection(indices, weights);
  }

  /**
   * Integer water-filling: r_c = min(n_c, lambda) for the largest lambda with sum <= r, plus one
   * more for r - sum distinct colours drawn at random among those with n_c > lambda. Needs r >=
   * number of colours and r <= sum n_c.
   */
  static int[] waterFill(int[] sizes, int r, Mix random) {
    int lo = 1; // feasible: sum min(n_c, 1) = K <= r
    int hi = Arrays.stream(sizes).max().orElse(1);
    while (lo < hi) {
      int mid = (int) (((long) lo + hi + 1) >>> 1);
      if (filled(sizes, mid) <= r) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    int lambda = lo;
    int[] allocation = new int[sizes.length];
    int[] open = new int[sizes.length];
    int openCount = 0;
    long used = 0;
    for (int c = 0; c < sizes.length; c++) {
      allocation[c] = Math.min(sizes[c], lambda);
      used += allocation[c];
      if (sizes[c] > lambda) {
        open[openCount++] = c;
      }
    }
    int remainder = (int) (r - used);
    int[] candidates = Arrays.copyOf(open, openCount);
    random.partialShuffle(candidates, remainder);
    for (int j = 0; j < remainder; j++) {
      allocation[candidates[j]]++;
    }
    return allocation;
  }

  private static long filled(int[] sizes, int lambda) {
    long sum = 0;
    for (int size : sizes) {
      sum += Math.min(size, lambda);
    }
    return sum;
  }

  /** Record indices of each colour (in block order), colours renumbered densely by value. */
  private static int[][] membersByColour(int[] colours) {
    int[] distinct = Arrays.stream(colours).sorted().distinct().toArray();
    int[] dense = new int[colours.length];
    int[] counts = new int[distinct.length];
    for (int i = 0; i < colours.length; i++) {
      dense[i] = Arrays.binarySearch(distinct, colours[i]);
      counts[dense[i]]++;
    }
    int[][] members = new int[distinct.length][];
    for (int c = 0; c < members.length; c++) {
      members[c] = new int[counts[c]];
    }
    int[] fill = new int[distinct.length];
    for (int i = 0; i < colours.length; i++) {
      members[dense[i]][fill[dense[i]]++] = i;
    }
    return members;
  }

  @Override
  public String name() {
    return "entropy";
  }

  private Object readResolve() {
    return INSTANCE;
  }

  @Override
  public String toString() {
    return name();
  }
}
