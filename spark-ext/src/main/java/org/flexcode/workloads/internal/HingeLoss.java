package org.flexcode.workloads.internal;

/**
 * The hinge loss of spark.ml's LinearSVC: for label y in {0, 1}, read as t = 2y - 1, and margin m,
 *
 * <pre>
 *   loss = max(0, 1 - t m),   d loss / d m = -t when t m &lt; 1, else 0
 * </pre>
 *
 * (the subgradient 0 at the kink, as spark.ml takes it).
 */
final class HingeLoss implements MarginLoss {

  private static final long serialVersionUID = 1L;

  @Override
  public int margins() {
    return 1;
  }

  @Override
  public double value(double label, double[] margins, double[] derivatives) {
    double t = 2 * label - 1;
    double slack = 1.0 - t * margins[0];
    if (slack > 0) {
      derivatives[0] = -t;
      return slack;
    }
    derivatives[0] = 0.0;
    return 0.0;
  }
}
