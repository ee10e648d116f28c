package org.flexcode.entropy.internal;

import java.util.Arrays;

/** Uniform r-of-N without replacement, weight N / r (see {@link Selectors#random()}). */
final class RandomSelector implements SubsetSelector {

  private static final long serialVersionUID = 1L;

  static final RandomSelector INSTANCE = new RandomSelector();

  private RandomSelector() {}

  @Override
  public Selection select(int[] colours, int budget, long seed) {
    Selectors.checkBudget(budget);
    int n = colours.length;
    int r = Math.min(budget, n);
    int[] all = new int[n];
    Arrays.setAll(all, i -> i);
    new Mix(seed).partialShuffle(all, r);
    int[] picked = Arrays.copyOf(all, r);
    Arrays.sort(picked);
    double[] weights = new double[r];
    Arrays.fill(weights, (double) n / r);
    return new Selection(picked, weights);
  }

  @Override
  public String name() {
    return "random";
  }

  private Object readResolve() {
    return INSTANCE;
  }

  @Override
  public String toString() {
    return name();
  }
}
