package org.flexcode.optim;

/**
 * The layout of a linear model's parameter array: K coefficient sets of p features each, class
 * after class ([k * p + j]), then K intercepts when fitted ([K * p + k]); with the centering shift
 * b_k = b_k' - c_k . scaledMean and its effect on the gradient.
 */
final class LinearShape {

  final int p;
  final int k;
  final boolean fit;

  LinearShape(int p, int k, boolean fit) {
    this.p = p;
    this.k = k;
    this.fit = fit;
  }

  /** The number of parameters. */
  int size() {
    return k * (p + (fit ? 1 : 0));
  }

  /** Zero coefficients and, when fitted, {@code intercepts} (null: zeros). */
  double[] initialPoint(double[] intercepts) {
    double[] initial = new double[size()];
    if (fit && intercepts != null) {
      System.arraycopy(intercepts, 0, initial, k * p, k);
    }
    return initial;
  }

  /** Turns centered intercepts b_k' of {@code model} into b_k (no-op without intercepts). */
  void center(double[] model, double[] scaledMean) {
    if (fit) {
      for (int c = 0; c < k; c++) {
        double dot = 0;
        for (int j = 0; j < p; j++) {
          dot += model[c * p + j] * scaledMean[j];
        }
        model[k * p + c] -= dot;
      }
    }
  }

  /** The gradient in the centered parameters from the one in the uncentered ones. */
  void centerGradient(double[] gradient, double[] scaledMean) {
    if (fit) {
      for (int c = 0; c < k; c++) {
        double interceptGradient = gradient[k * p + c];
        for (int j = 0; j < p; j++) {
          gradient[c * p + j] -= scaledMean[j] * interceptGradient;
        }
      }
    }
  }
}
