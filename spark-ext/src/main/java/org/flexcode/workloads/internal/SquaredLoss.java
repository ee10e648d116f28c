package org.flexcode.workloads.internal;

/**
 * Half the squared residual of spark.ml's LinearRegression in its scaled label space: for label y,
 * label scale s (the label's standard deviation) and margin m,
 *
 * <pre>
 *   loss = (m - y / s)^2 / 2,   d loss / d m = m - y / s
 * </pre>
 */
final class SquaredLoss implements MarginLoss {

  private static final long serialVersionUID = 1L;

  private final double inverseScale;

  SquaredLoss(double labelScale) {
    if (!(labelScale > 0) || Double.isInfinite(labelScale)) {
      throw new IllegalArgumentException(
          "the label scale must be finite and > 0, got " + labelScale);
    }
    this.inverseScale = 1.0 / labelScale;
  }

  @Override
  public int margins() {
    return 1;
  }

  @Override
  public double value(double label, double[] margins, double[] derivatives) {
    double residual = margins[0] - label * inverseScale;
    derivatives[0] = residual;
    return 0.5 * residual * residual;
  }
}
