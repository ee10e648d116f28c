package org.flexcode.entropy.internal;

import java.util.List;
import org.flexcode.entropy.internal.RecordFunctions.ToIndices;

/**
 * Level 1 if the record has an active index i with hash_f(i) mod M == 0, else 0; hash_f is {@link
 * Mix#hash} seeded by the filter number f. M is fitted to the block: if a record has a active
 * indices, each hashing to 0 mod M with probability 1/M, it is present with probability 1 - (1 -
 * 1/M)^a; solving for the target rate t at the block's mean a gives M0 = max(1, round(1 / (1 - (1 -
 * t)^(1/a)))). Real features are far from uniform (one frequent value hashing to 0 makes every
 * record present), so the filter then measures the block's presence rate for M0, M0 + 1, M0 - 1, M0
 * + 2, ... (M >= 2, at most {@value #CANDIDATES} candidates) and keeps the first M whose rate is
 * within {@value #TOLERANCE} of t, or else the closest one.
 */
final class HashedPresenceFilter<T> implements FeatureFilter<T> {

  static final int CANDIDATES = 64;
  static final double TOLERANCE = 0.05;

  private static final long serialVersionUID = 1L;

  private final ToIndices<T> active;
  private final int filterNumber;
  private final double targetRate;

  HashedPresenceFilter(ToIndices<T> active, int filterNumber, double targetRate) {
    this.active = active;
    this.filterNumber = filterNumber;
    this.targetRate = targetRate;
  }

  /** The modulus M for records with {@code meanActive} active indices on average. */
  static long modulus(double meanActive, double targetRate) {
    if (!(meanActive > 0)) {
      return 1;
    }
    double perIndex = -Math.expm1(Math.log1p(-targetRate) / meanActive); // 1 - (1-t)^(1/a)
    return Math.max(1, Math.round(1 / perIndex));
  }

  @Override
  public int[] levels(List<T> block) {
    int n = block.size();
    int[] start = new int[n + 1];
    int[][] indices = new int[n][];
    for (int i = 0; i < n; i++) {
      indices[i] = active.apply(block.get(i));
      start[i + 1] = start[i] + indices[i].length;
    }
    long[] hashes = new long[start[n]];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < indices[i].length; k++) {
        hashes[start[i] + k] = Mix.hash(indices[i][k], filterNumber);
      }
    }
    long m0 = modulus(n == 0 ? 0 : (double) start[n] / n, targetRate);
    int[] levels = new int[n];
    if (m0 <= 1 || n == 0) {
      return present(hashes, start, m0, levels);
    }
    long best = m0;
    double bestGap = Double.POSITIVE_INFINITY;
    for (int c = 0; c < CANDIDATES; c++) {
      long m = m0 + ((c & 1) == 0 ? c / 2 : -(c + 1) / 2); // m0, m0+1, m0-1, m0+2, ...
      if (m < 2) {
        continue;
      }
      double gap = Math.abs(rate(present(hashes, start, m, levels)) - targetRate);
      if (gap < bestGap) {
        best = m;
        bestGap = gap;
      }
      if (gap <= TOLERANCE) {
        break;
      }
    }
    return present(hashes, start, best, levels);
  }

  /** Sets levels[i] = 1 if a hash of record i is 0 mod m, else 0; returns levels. */
  private static int[] present(long[] hashes, int[] start, long m, int[] levels) {
    for (int i = 0; i < levels.length; i++) {
      levels[i] = 0;
      for (int k = start[i]; k < start[i + 1]; k++) {
        if (Math.floorMod(hashes[k], m) == 0) {
          levels[i] = 1;
          break;
        }
      }
    }
    return levels;
  }

  private static double rate(int[] levels) {
    long present = 0;
    for (int level : levels) {
      present += level;
    }
    return (double) present / levels.length;
  }

  @Override
  public String name() {
    return "hashedPresence(" + filterNumber + "," + targetRate + ")";
  }
}
