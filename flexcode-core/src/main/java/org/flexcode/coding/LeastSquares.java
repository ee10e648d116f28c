package org.flexcode.coding;

/**
 * Dense least squares min ||A x - b|| by Householder QR with column pivoting (Golub and Van Loan,
 * Matrix Computations, algorithm 5.4.1). Rank-deficient systems get a basic solution: columns whose
 * remaining norm falls below {@code 1e-10 x} the largest column norm are left out (x = 0 there).
 * The residual is recomputed from A, x and b, so it measures the solution actually returned.
 */
final class LeastSquares {

  private static final double RANK_TOLERANCE = 1e-10;

  /** A solution x, its residual ||A x - b|| and the numerical rank of A. */
  record Solution(double[] x, double residual, int rank) {}

  private LeastSquares() {}

  /** Solves min ||A x - b|| for A given as {@code a[row][column]}; A and b are not modified. */
  static Solution solve(double[][] a, double[] b) {
    int m = a.length;
    int k = m == 0 ? 0 : a[0].length;
    double[][] r = new double[m][];
    for (int i = 0; i < m; i++) {
      r[i] = a[i].clone();
    }
    double[] qtb = b.clone();
    int[] perm = new int[k];
    double maxNorm = 0;
    for (int c = 0; c < k; c++) {
      perm[c] = c;
      maxNorm = Math.max(maxNorm, Math.sqrt(columnNormSquared(r, c, 0)));
    }
    int rank = 0;
    int steps = Math.min(m, k);
    for (int j = 0; j < steps; j++) {
      int pivot = pivotColumn(r, j);
      double norm = Math.sqrt(columnNormSquared(r, pivot, j));
      if (norm <= RANK_TOLERANCE * maxNorm || norm == 0.0) {
        break;
      }
      swapColumns(r, j, pivot);
      int t = perm[j];
      perm[j] = perm[pivot];
      perm[pivot] = t;
      householderStep(r, qtb, j, norm);
      rank++;
    }
    double[] y = backSubstitute(r, qtb, rank, k);
    double[] x = new double[k];
    for (int c = 0; c < k; c++) {
      x[perm[c]] = y[c];
    }
    return new Solution(x, residual(a, x, b), rank);
  }

  /** The column at or after {@code j} with the largest norm below row j. */
  private static int pivotColumn(double[][] r, int j) {
    int k = r[0].length;
    int pivot = j;
    double best = -1;
    for (int c = j; c < k; c++) {
      double norm = columnNormSquared(r, c, j);
      if (norm > best) {
        best = norm;
        pivot = c;
      }
    }
    return pivot;
  }

  /**
   * Zeroes column j below the diagonal with a Householder reflection (column norm {@code norm}
   * below row j), applied to the remaining columns of R and to Q^T b.
   */
  private static void householderStep(double[][] r, double[] qtb, int j, double norm) {
    int m = r.length;
    int k = r[0].length;
    double alpha = r[j][j] > 0 ? -norm : norm;
    double[] v = new double[m - j];
    for (int i = j; i < m; i++) {
      v[i - j] = r[i][j];
    }
    v[0] -= alpha;
    double vNorm2 = 0;
    for (double vi : v) {
      vNorm2 += vi * vi;
    }
    if (vNorm2 > 0) {
      for (int c = j; c < k; c++) {
        reflect(v, vNorm2, r, c, j);
      }
      double dot = 0;
      for (int i = j; i < m; i++) {
        dot += v[i - j] * qtb[i];
      }
      double f = 2 * dot / vNorm2;
      for (int i = j; i < m; i++) {
        qtb[i] -= f * v[i - j];
      }
    }
    r[j][j] = alpha;
    for (int i = j + 1; i < m; i++) {
      r[i][j] = 0.0;
    }
  }

  /** Solves the leading {@code rank} x {@code rank} triangle of R y = Q^T b (y = 0 beyond). */
  private static double[] backSubstitute(double[][] r, double[] qtb, int rank, int k) {
    double[] y = new double[k];
    for (int i = rank - 1; i >= 0; i--) {
      double sum = qtb[i];
      for (int c = i + 1; c < rank; c++) {
        sum -= r[i][c] * y[c];
      }
      y[i] = sum / r[i][i];
    }
    return y;
  }

  /** ||A x - b||. */
  static double residual(double[][] a, double[] x, double[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      double ri = -b[i];
      for (int c = 0; c < x.length; c++) {
        ri += a[i][c] * x[c];
      }
      sum += ri * ri;
    }
    return Math.sqrt(sum);
  }

  private static double columnNormSquared(double[][] r, int c, int fromRow) {
    double sum = 0;
    for (int i = fromRow; i < r.length; i++) {
      sum += r[i][c] * r[i][c];
    }
    return sum;
  }

  private static void swapColumns(double[][] r, int c1, int c2) {
    if (c1 == c2) {
      return;
    }
    for (double[] row : r) {
      double t = row[c1];
      row[c1] = row[c2];
      row[c2] = t;
    }
  }

  private static void reflect(double[] v, double vNorm2, double[][] r, int c, int j) {
    double dot = 0;
    for (int i = j; i < r.length; i++) {
      dot += v[i - j] * r[i][c];
    }
    double f = 2 * dot / vNorm2;
    for (int i = j; i < r.length; i++) {
      r[i][c] -= f * v[i - j];
    }
  }
}
