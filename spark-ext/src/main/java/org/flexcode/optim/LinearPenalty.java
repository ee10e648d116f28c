package org.flexcode.optim;

/**
 * spark.ml's elastic-net penalty on the coefficients of a {@link LinearShape} in standardized
 * space: (1 - a) lambda / 2 sum l2_j c_kj^2 + a lambda sum l1_j |c_kj|, with l2_j = l1_j = 1 when
 * standardization is on, and l2_j = 1 / std_j^2, l1_j = 1 / std_j when it is off; intercepts carry
 * no penalty (their weights are 0).
 */
final class LinearPenalty {

  private final double[] l2;
  private final double[] l1;
  private final boolean hasL1;

  private LinearPenalty(double[] l2, double[] l1, boolean hasL1) {
    this.l2 = l2;
    this.l1 = l1;
    this.hasL1 = hasL1;
  }

  /** The penalty of {@code config} for parameters laid out by {@code shape}. */
  static LinearPenalty of(
      LinearModelTrainer.Config config, double[] inverseStd, LinearShape shape) {
    double l2Param = (1 - config.elasticNetParam()) * config.regParam();
    double l1Param = config.elasticNetParam() * config.regParam();
    double[] l2 = new double[shape.size()];
    double[] l1 = new double[shape.size()];
    for (int c = 0; c < shape.k; c++) {
      for (int j = 0; j < shape.p; j++) {
        double inverse = inverseStd[j];
        l2[c * shape.p + j] = config.standardization() ? l2Param : l2Param * inverse * inverse;
        l1[c * shape.p + j] = config.standardization() ? l1Param : l1Param * inverse;
      }
    }
    return new LinearPenalty(l2, l1, l1Param > 0);
  }

  /** Whether the L1 part is non-zero. */
  boolean hasL1() {
    return hasL1;
  }

  /** The L1 weight of every parameter (OWL-QN's and the soft-threshold's). */
  double[] l1() {
    return l1.clone();
  }

  /** Adds the L2 gradient at {@code x} into {@code gradient} and returns the L2 value. */
  double addL2(double[] x, double[] gradient) {
    double value = 0;
    for (int i = 0; i < x.length; i++) {
      value += 0.5 * l2[i] * x[i] * x[i];
      gradient[i] += l2[i] * x[i];
    }
    return value;
  }

  /** The L1 value at {@code x}. */
  double l1Value(double[] x) {
    double value = 0;
    for (int i = 0; i < x.length; i++) {
      value += l1[i] * Math.abs(x[i]);
    }
    return value;
  }
}
