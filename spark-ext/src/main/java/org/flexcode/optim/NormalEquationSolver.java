package org.flexcode.optim;

/**
 * Solves one row's regularized normal equations (A + lambda n I) x = b by Cholesky factorization, A
 * given as its upper triangle row by row ({@link org.flexcode.workloads.internal.NormalEquations}),
 * plus an optional full symmetric Gramian G added to A (implicit feedback). As Spark's {@code ALS}
 * (whose Cholesky solver adds lambda n to the diagonal): with lambda n > 0 the matrix is positive
 * definite. When it is not (lambda n = 0 and fewer independent ratings than the rank), a ridge of
 * 1e-10 x (trace / rank) is added once, and the row keeps its previous factors if that fails too.
 *
 * <p>Nonnegative (Spark's {@code nonnegative = true}): the row's x instead minimizes 1/2 x^T (A +
 * lambda n I) x - b^T x over x >= 0, the same quadratic under the constraint, by {@link
 * NonnegativeLeastSquares}; a matrix with a zero trace keeps the previous factors.
 */
final class NormalEquationSolver {

  private final int rank;
  private final double[] matrix;
  private final double[] factor;
  private final double[] rhs;
  private final NonnegativeLeastSquares nonnegative;

  /** A solver of unconstrained rows. */
  NormalEquationSolver(int rank) {
    this(rank, false);
  }

  /** A solver of rank-sized rows, constrained to x >= 0 when {@code nonnegative}. */
  NormalEquationSolver(int rank, boolean nonnegative) {
    this.rank = rank;
    this.matrix = new double[rank * rank];
    this.factor = new double[rank * rank];
    this.rhs = new double[rank];
    this.nonnegative = nonnegative ? new NonnegativeLeastSquares(rank) : null;
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
    if (nonnegative != null) {
      System.arraycopy(statistic, k, rhs, 0, rank);
      return trace > 0 && nonnegative.solve(matrix, rhs, x, xOffset);
    }
    if (!Cholesky.factorizeWithRidge(matrix, rank, factor)) {
      return false;
    }
    Cholesky.solve(factor, rank, statistic, k, x, xOffset);
    return true;
  }
}
