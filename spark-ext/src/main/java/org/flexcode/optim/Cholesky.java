package org.flexcode.optim;

/**
 * The Cholesky factorization A + shift I = L L^T of a small dense symmetric matrix (n x n,
 * row-major, only its lower triangle read) and the solve of L L^T x = b: the row solves of {@link
 * NormalEquationSolver} and the passive-set solves of {@link NonnegativeLeastSquares}.
 */
final class Cholesky {

  /** The ridge, relative to the mean diagonal, that a matrix not quite positive definite gets. */
  static final double RIDGE = 1e-10;

  private Cholesky() {}

  /**
   * {@link #factorize} of {@code a} and, when it is not positive definite but its trace is positive
   * (semi-definite, or nearly so by rounding), of {@code a} plus a ridge of {@link #RIDGE} x (trace
   * / n); false when both fail.
   */
  static boolean factorizeWithRidge(double[] a, int n, double[] factor) {
    if (factorize(a, n, 0, factor)) {
      return true;
    }
    double trace = 0;
    for (int i = 0; i < n; i++) {
      trace += a[i * n + i];
    }
    return trace > 0 && factorize(a, n, RIDGE * trace / n, factor);
  }

  /**
   * Writes the lower factor L of {@code a + shift I} into {@code factor} (n x n, row-major);
   * returns false when a pivot is not positive (the matrix is not positive definite), {@code
   * factor} then partly written.
   */
  static boolean factorize(double[] a, int n, double shift, double[] factor) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double sum = a[i * n + j] + (i == j ? shift : 0);
        for (int p = 0; p < j; p++) {
          sum -= factor[i * n + p] * factor[j * n + p];
        }
        if (i == j) {
          if (!(sum > 0)) {
            return false;
          }
          factor[i * n + i] = Math.sqrt(sum);
        } else {
          factor[i * n + j] = sum / factor[j * n + j];
        }
      }
    }
    return true;
  }

  /**
   * Solves L L^T x = b for the factor L of {@link #factorize}, b at {@code b[bOffset, bOffset +
   * n)}, x written to {@code x[xOffset, xOffset + n)}.
   */
  static void solve(double[] factor, int n, double[] b, int bOffset, double[] x, int xOffset) {
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      double sum = b[bOffset + i];
      for (int p = 0; p < i; p++) {
        sum -= factor[i * n + p] * z[p];
      }
      z[i] = sum / factor[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
      double sum = z[i];
      for (int p = i + 1; p < n; p++) {
        sum -= factor[p * n + i] * x[xOffset + p];
      }
      x[xOffset + i] = sum / factor[i * n + i];
    }
  }
}
