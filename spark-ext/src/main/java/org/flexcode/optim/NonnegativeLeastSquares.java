package org.flexcode.optim;

import java.util.Arrays;

/**
 * Nonnegative least squares in normal-equation form: for a symmetric positive definite n x n matrix
 * Q and a vector c, the minimizer of
 *
 * <pre>
 *   f(x) = 1/2 x^T Q x - c^T x   subject to x >= 0
 * </pre>
 *
 * that is, of |A x - b|^2 + lambda n_x |x|^2 over x >= 0 when Q = A^T A + lambda n_x I and c = A^T
 * b: the row problem Spark's {@code ALS} solves with {@code nonnegative = true}. The minimizer is
 * the unique x with x >= 0, w = c - Q x <= 0 where x_i = 0, and w_i = 0 where x_i > 0 (the
 * Karush-Kuhn-Tucker conditions, w being the negative gradient).
 *
 * <p>Method: the active-set algorithm NNLS of Lawson and Hanson (Solving Least Squares Problems,
 * Prentice-Hall 1974, chapter 23), in the form of Bro and De Jong (A fast non-negativity-
 * constrained least squares algorithm, Journal of Chemometrics 11, 1997) that works on Q and c. It
 * keeps a passive set P of free variables, the others at zero, and starts from x = 0, P empty.
 * While some j outside P has w_j > tolerance, the largest such j joins P and s solves the
 * unconstrained problem on P (Q_PP s_P = c_P by Cholesky, s = 0 outside P); while some s_i <= 0 in
 * P, x moves towards s as far as x >= 0 allows (alpha = min x_i / (x_i - s_i) over those i; x +=
 * alpha (s - x)), the variables that reach zero leave P, and s is solved again; then x = s. Every
 * step lowers f, so no passive set recurs and the loop ends after finitely many steps; as Lawson
 * and Hanson, at most 3n entries are made. Spark reaches the same minimizer approximately, with a
 * projected conjugate-gradient method ({@code org.apache.spark.mllib.optimization.NNLS}, after
 * Polyak 1969); this method is exact up to rounding, at the price of a few Cholesky solves of size
 * <= n.
 *
 * <p>Q only positive semi-definite (no ridge, fewer ratings than the rank): a passive system that
 * is singular is solved with a ridge of 1e-10 x its mean diagonal ({@link
 * Cholesky#factorizeWithRidge}), as {@link NormalEquationSolver} does. Not thread-safe: one
 * instance per thread, reused across rows of its size.
 */
final class NonnegativeLeastSquares {

  /** Entries, per variable, that Lawson and Hanson allow before giving up (3n in all). */
  private static final int ENTRIES_PER_VARIABLE = 3;

  /** w_j must exceed this many times the scale of c and Q x to count as ascending. */
  private static final double GRADIENT_TOLERANCE = 1e-12;

  private final int n;
  private final boolean[] passive;
  private final boolean[] blocked;
  private final double[] x;
  private final double[] s;
  private final double[] w;
  private final int[] members;
  private final double[] subMatrix;
  private final double[] subFactor;
  private final double[] subRhs;
  private final double[] subSolution;

  NonnegativeLeastSquares(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be >= 1, got " + n);
    }
    this.n = n;
    this.passive = new boolean[n];
    this.blocked = new boolean[n];
    this.x = new double[n];
    this.s = new double[n];
    this.w = new double[n];
    this.members = new int[n];
    this.subMatrix = new double[n * n];
    this.subFactor = new double[n * n];
    this.subRhs = new double[n];
    this.subSolution = new double[n];
  }

  /**
   * Writes the minimizer into {@code out[outOffset, outOffset + n)}, Q read from {@code q} (n x n,
   * row-major, symmetric) and c from {@code c[0, n)}; returns false, leaving {@code out} as it was,
   * when a passive system is singular even with the ridge (Q zero on its diagonal, say).
   */
  boolean solve(double[] q, double[] c, double[] out, int outOffset) {
    Arrays.fill(passive, false);
    Arrays.fill(blocked, false);
    Arrays.fill(x, 0);
    for (int entries = 0; entries < ENTRIES_PER_VARIABLE * n; entries++) {
      int entering = steepestAscent(q, c);
      if (entering < 0) {
        break; // the KKT conditions hold
      }
      passive[entering] = true;
      if (!solvePassive(q, c)) {
        return false;
      }
      if (!(s[entering] > 0)) { // rounding: it cannot enter from here
        passive[entering] = false;
        blocked[entering] = true;
        continue;
      }
      Arrays.fill(blocked, false);
      while (!passivePositive()) {
        stepTowardsSolution();
        if (!solvePassive(q, c)) {
          return false;
        }
      }
      System.arraycopy(s, 0, x, 0, n);
    }
    System.arraycopy(x, 0, out, outOffset, n);
    return true;
  }

  /**
   * Computes w = c - Q x and returns the variable outside P (not blocked) with the largest w_j
   * above the tolerance, or -1 when there is none.
   */
  private int steepestAscent(double[] q, double[] c) {
    double scale = 0;
    for (int i = 0; i < n; i++) {
      double sum = c[i];
      double magnitude = Math.abs(c[i]);
      for (int j = 0; j < n; j++) {
        double term = q[i * n + j] * x[j];
        sum -= term;
        magnitude += Math.abs(term);
      }
      w[i] = sum;
      scale = Math.max(scale, magnitude);
    }
    int best = -1;
    double largest = GRADIENT_TOLERANCE * scale;
    for (int j = 0; j < n; j++) {
      if (!passive[j] && !blocked[j] && w[j] > largest) {
        best = j;
        largest = w[j];
      }
    }
    return best;
  }

  /** Whether every passive s_i is positive. */
  private boolean passivePositive() {
    for (int i = 0; i < n; i++) {
      if (passive[i] && !(s[i] > 0)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Moves x towards s as far as x >= 0 allows and drops from P the variables that reach zero (at
   * least the one that limits the step).
   */
  private void stepTowardsSolution() {
    double alpha = 1;
    int limiting = -1;
    for (int i = 0; i < n; i++) {
      if (passive[i] && !(s[i] > 0)) {
        double step = x[i] / (x[i] - s[i]);
        if (limiting < 0 || step < alpha) {
          alpha = step;
          limiting = i;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (passive[i]) {
        x[i] += alpha * (s[i] - x[i]);
        if (i == limiting || !(x[i] > 0)) {
          x[i] = 0;
          passive[i] = false;
        }
      }
    }
  }

  /** Solves Q_PP s_P = c_P (s = 0 outside P); false when singular even with the ridge. */
  private boolean solvePassive(double[] q, double[] c) {
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (passive[i]) {
        members[m++] = i;
      }
    }
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        subMatrix[a * m + b] = q[members[a] * n + members[b]];
      }
      subRhs[a] = c[members[a]];
    }
    if (!Cholesky.factorizeWithRidge(subMatrix, m, subFactor)) {
      return false;
    }
    Cholesky.solve(subFactor, m, subRhs, 0, subSolution, 0);
    Arrays.fill(s, 0);
    for (int a = 0; a < m; a++) {
      s[members[a]] = subSolution[a];
    }
    return true;
  }
}
