package org.flexcode.optim;

import java.util.ArrayList;
import java.util.List;

/**
 * The gradient-descent driver. Iteration t evaluates the loss and a direction at x_t (the {@link
 * Oracle}), records the loss, and moves x_t to x_{t+1} by the {@link UpdateRule} (a plain, proximal
 * or preconditioned step); it stops after {@code maxIter} moves, or when a move s is small: ||s|| <
 * tol x max(||x_{t+1}||, 1) ({@link Convergence}). An empty evaluation (no data in the batch)
 * records nothing and does not move.
 *
 * <p>MLlib's {@code GradientDescent} tests convergence only from its second move on and, after the
 * last move, makes one more pass that only records the loss of the final point: {@link Settings}
 * {@code minMoves} 2 and {@code finalLossPass} true.
 */
final class GradientDescent {

  private GradientDescent() {}

  /**
   * When to stop: at most {@code maxIter} moves; the convergence test from move {@code minMoves}
   * on; with {@code finalLossPass} one more evaluation after the last move, recorded only.
   */
  record Settings(int maxIter, double tol, int minMoves, boolean finalLossPass) {

    /** maxIter moves, the convergence test from the first move, no final pass. */
    static Settings of(int maxIter, double tol) {
      return new Settings(maxIter, tol, 1, false);
    }
  }

  /** The loss at a point and the direction the update rule reads (a gradient, or more). */
  record Evaluation(double loss, double[] direction) {

    /** Nothing was evaluated (an empty batch): no loss is recorded and x does not move. */
    static final Evaluation EMPTY = new Evaluation(Double.NaN, null);

    boolean isEmpty() {
      return direction == null;
    }
  }

  /** Evaluates at iteration t (from 1); x is a copy the oracle may keep. */
  @FunctionalInterface
  interface Oracle {
    Evaluation evaluate(double[] x, int t);
  }

  /** Moves x in place by one step of iteration t and writes the displacement x_t - x_{t+1}. */
  @FunctionalInterface
  interface UpdateRule {
    void move(double[] x, double[] direction, int t, double[] step);
  }

  /** Runs from {@code initial}; the history holds the loss of every non-empty evaluation. */
  static Solution run(Oracle oracle, UpdateRule rule, double[] initial, Settings settings) {
    double[] x = initial.clone();
    double[] step = new double[x.length];
    List<Double> history = new ArrayList<>();
    int last = settings.maxIter() + (settings.finalLossPass() ? 1 : 0);
    int moves = 0;
    for (int t = 1; t <= last; t++) {
      Evaluation evaluation = oracle.evaluate(x.clone(), t);
      if (evaluation.isEmpty()) {
        continue;
      }
      history.add(evaluation.loss());
      if (t > settings.maxIter()) {
        break; // the final pass only records the loss of the final point
      }
      rule.move(x, evaluation.direction(), t, step);
      moves++;
      if (moves >= settings.minMoves() && Convergence.isSmallStep(step, x, settings.tol())) {
        break;
      }
    }
    return new Solution(x, history.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
