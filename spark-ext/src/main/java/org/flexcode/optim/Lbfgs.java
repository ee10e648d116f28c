package org.flexcode.optim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The L-BFGS driver: Breeze's L-BFGS with memory 10, or OWL-QN when L1 weights are given (the
 * objective then gains sum_j l1_j |x_j|), as spark.ml runs them, through {@link BreezeMinimizer}.
 * The history holds each state's adjusted objective value, the initial point first.
 */
final class Lbfgs {

  /** spark.ml's number of corrections. */
  static final int MEMORY = 10;

  private Lbfgs() {}

  /**
   * Minimizes {@code objective} from {@code initial} in at most {@code maxIter} iterations with
   * Breeze's relative tolerance {@code tol}; {@code l1Weights} null runs plain L-BFGS.
   */
  static Solution minimize(
      SmoothObjective objective, double[] initial, int maxIter, double tol, double[] l1Weights) {
    Iterator<double[]> states =
        BreezeMinimizer.iterations(
            objective::valueAndGradient, initial, maxIter, MEMORY, tol, l1Weights);
    double[] x = initial.clone();
    List<Double> history = new ArrayList<>();
    while (states.hasNext()) {
      double[] state = states.next();
      history.add(state[0]);
      x = Arrays.copyOfRange(state, 1, state.length);
    }
    return new Solution(x, history.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
