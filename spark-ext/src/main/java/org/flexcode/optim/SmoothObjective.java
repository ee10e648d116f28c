package org.flexcode.optim;

/** A differentiable function: f(x), with its gradient written into the second argument. */
@FunctionalInterface
interface SmoothObjective {
  /** Returns f(x) and writes grad f(x) into {@code gradient} (of x's length). */
  double valueAndGradient(double[] x, double[] gradient);
}
