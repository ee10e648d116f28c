package org.flexcode.coding;

import java.util.BitSet;

/**
 * Fractional repetition code (Tandon et al. 2017, section 3.1): tasks form n/(s+1) groups of s+1
 * consecutive tasks; every task of group g holds blocks g(s+1) .. g(s+1)+s with weight 1.
 *
 * <p>Decodable iff every group has a finished task; the decoding takes the first finished task of
 * each group with coefficient 1 (no solve, exact in any precision). When a group has no finished
 * task, the least-squares optimum still takes one task per covered group (its column matches its
 * blocks exactly), and each uncovered group adds s+1 to the squared residual, so the residual is
 * sqrt((s+1) x uncovered groups).
 */
final class FractionalRepetitionCode extends AbstractGradientCode {

  private final int groupSize;

  FractionalRepetitionCode(int n, int s) {
    super(n, s, MAX_TASKS_ANY_CODE, "frc");
    if (n % (s + 1) != 0) {
      throw new IllegalArgumentException(
          "frc: stragglerTolerance s+1="
              + (s + 1)
              + " must divide numTasks n="
              + n
              + " (choose n a multiple of s+1, or use the cyclic code)");
    }
    this.groupSize = s + 1;
    int[][] rows = new int[n][];
    double[][] coefficients = new double[n][];
    for (int i = 0; i < n; i++) {
      int first = (i / groupSize) * groupSize;
      rows[i] = new int[groupSize];
      coefficients[i] = new double[groupSize];
      for (int k = 0; k < groupSize; k++) {
        rows[i][k] = first + k;
        coefficients[i][k] = 1.0;
      }
    }
    setRows(rows, coefficients);
  }

  @Override
  public String describe() {
    return "frc(n=" + n + ", s=" + s + ")";
  }

  @Override
  boolean checkDecodable(BitSet finished) {
    for (int first = 0; first < n; first += groupSize) {
      int next = finished.nextSetBit(first);
      if (next < 0 || next >= first + groupSize) {
        return false;
      }
    }
    return true;
  }

  @Override
  Decoding computeDecoding(BitSet finished) {
    double[] a = new double[n];
    int uncovered = 0;
    for (int first = 0; first < n; first += groupSize) {
      int next = finished.nextSetBit(first);
      if (next >= 0 && next < first + groupSize) {
        a[next] = 1.0;
      } else {
        uncovered++;
      }
    }
    return new Decoding(a, Math.sqrt((double) groupSize * uncovered), uncovered == 0);
  }
}
