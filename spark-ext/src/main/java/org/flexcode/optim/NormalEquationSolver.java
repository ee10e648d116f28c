package org.flexcode.optim;

/**
 * Solves one row's regularized normal equations (A + lambda n I) x = b by Cholesky factorization, A
 * given as its upper triangle row by row ({@link org.flexcode.workloads.internal.NormalEquations}),
 * plus an optional full symmetric Gramian G added to A (implicit feedback). As Spark's {@code ALS}
 * (whose Cholesky solver adds lambda n to the diagonal): with lambda n > 0 the matrix is positive
 * definite. When it is not (lambda n = 0 and fewer independent ratings than the rank), a ridge of
 * 1e-10 x (trace / rank) is added once, and the row keeps its previous factors if that fails too.
 */
final class NormalEquationSolver {

  private static final double RIDGE = 1e-10;

  private final int rank;
  private final double[] matrix;
  private final double[] factor;

  NormalEquationSolver(int rank) {
    this.rank = rank;
    this.matrix = new double[rank * rank];
    this.factor = new double[rank * rank];
  }

  /**
   * Writes the solution into {@code x[xOffset, xOffset + rank)}, reading A's triangle then b from
   * {@code statistic[base, ...)}, adding {@code gramian} (rank x rank, or null) and {@code ridge}
   * (lambda n) on the diagonal; returns false, leaving x as it was, when the matrix is singular.
   */
  boolean solve(
      double[] statistic, int base, double[] gramian, double ridge, double[] x, int xOffset) {
    int k = base;
    double trace = 0;
    for (int a = 0; a < rank; a++) {
      for (int b = a; b < rank; b++) {
        double value = statistic[k++] + (gramian == null ? 0 : gramian[a * rank + b]);
        matrix[a * rank + b] = value;
        matrix[b * rank + a] = value;
      }
      matrix[a * rank + a] += ridge;
      trace += matrix[a * rank + a];
    }
    if (!factorize(0) && !(trace > 0 && factorize(RIDGE * trace / rank))) {
      return false;
    }
    substitute(statistic, k, x, xOffset);
    return true;
  }

  /** Lower Cholesky factor L of matrix + shift I into {@code factor}; false if not positive. */
  private boolean factorize(double shift) {
    for (int i = 0; i < rank; i++) {
      for (int j = 0; j <= i; j++) {
        double sum = matrix[i * rank + j] + (i == j ? shift : 0);
        for (int p = 0; p < j; p++) {
          sum -= factor[i * rank + p] * factor[j * rank + p];
        }
        if (i == j) {
          if (!(sum > 0)) {
            return false;
          }
          factor[i * rank + i] = Math.sqrt(sum);
        } else {
          factor[i * rank + j] = sum / factor[j * rank + j];
        }
      }
    }
    return true;
  }

  /** Solves L L^T x = b, b at {@code statistic[from, from + rank)}. */
  private void substitute(double[] statistic, int from, double[] x, int xOffset) {
    double[] z = new double[rank];
    for (int i = 0; i < rank; i++) {
      double sum = statistic[from + i];
      for (int p = 0; p < i; p++) {
        sum -= factor[i * rank + p] * z[p];
      }
      z[i] = sum / factor[i * rank + i];
    }
    for (int i = rank - 1; i >= 0; i--) {
      double sum = z[i];
      for (int p = i + 1; p < rank; p++) {
        sum -= factor[p * rank + i] * x[xOffset + p];
      }
      x[xOffset + i] = sum / factor[i * rank + i];
    }
  }
}
