package org.flexcode.coding;

import java.util.BitSet;

/** Task i holds block i with weight 1: B = I. Decodable only when every task finished. */
final class UncodedCode extends AbstractGradientCode {

  UncodedCode(int n) {
    super(n, 0, MAX_TASKS_ANY_CODE, "uncoded");
    int[][] rows = new int[n][];
    double[][] coefficients = new double[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = new int[] {i};
      coefficients[i] = new double[] {1.0};
    }
    setRows(rows, coefficients);
  }

  @Override
  public String describe() {
    return "uncoded(n=" + n + ")";
  }

  @Override
  boolean checkDecodable(BitSet finished) {
    return finished.cardinality() == n;
  }

  /** Least squares over B_F^T = columns e_i: a_i = 1 on finished tasks; residual sqrt(missing). */
  @Override
  Decoding computeDecoding(BitSet finished) {
    double[] a = new double[n];
    for (int i = finished.nextSetBit(0); i >= 0; i = finished.nextSetBit(i + 1)) {
      a[i] = 1.0;
    }
    int missing = n - finished.cardinality();
    return new Decoding(a, Math.sqrt(missing), missing == 0);
  }
}
