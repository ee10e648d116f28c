package org.flexcode.optim;

/**
 * The one stopping test of the gradient-descent solvers, MLlib's {@code GradientDescent} test: a
 * step s that moved the point to x is small when ||s|| < tol x max(||x||, 1) (relative to the
 * point, absolute near the origin).
 */
final class Convergence {

  private Convergence() {}

  /** Whether {@code step}, which moved the point to {@code x}, is below {@code tol}. */
  static boolean isSmallStep(double[] step, double[] x, double tol) {
    double diff = 0;
    double norm = 0;
    for (int d = 0; d < x.length; d++) {
      diff += step[d] * step[d];
      norm += x[d] * x[d];
    }
    return Math.sqrt(diff) < tol * Math.max(Math.sqrt(norm), 1.0);
  }
}
