package org.flexcode.workloads.internal;

/**
 * The binary logistic loss of spark.ml: for label y in {0, 1} and margin m,
 *
 * <pre>
 *   loss = log(1 + exp(m)) - y m,   d loss / d m = sigmoid(m) - y
 * </pre>
 *
 * in the overflow-safe form log(1 + exp(m)) = max(m, 0) + log1p(exp(-|m|)).
 */
final class LogisticLoss implements MarginLoss {

  private static final long serialVersionUID = 1L;

  @Override
  public int margins() {
    return 1;
  }

  @Override
  public double value(double label, double[] margins, double[] derivatives) {
    double m = margins[0];
    derivatives[0] = sigmoid(m) - label;
    return Math.max(m, 0) + Math.log1p(Math.exp(-Math.abs(m))) - label * m;
  }

  private static double sigmoid(double m) {
    if (m >= 0) {
      return 1.0 / (1.0 + Math.exp(-m));
    }
    double e = Math.exp(m);
    return e / (1.0 + e);
  }
}
