package org.flexcode.workloads.internal;

/**
 * The multinomial cross-entropy of spark.ml: for label y in {0 .. K-1} and margins m_1 .. m_K,
 *
 * <pre>
 *   loss = log sum_k exp(m_k) - m_y,   d loss / d m_k = softmax_k(m) - [k = y]
 * </pre>
 *
 * computed with the largest margin subtracted first, so no exp overflows.
 */
final class SoftmaxLoss implements MarginLoss {

  private static final long serialVersionUID = 1L;

  private final int classes;

  SoftmaxLoss(int classes) {
    if (classes < 2) {
      throw new IllegalArgumentException("softmax needs at least 2 classes, got " + classes);
    }
    this.classes = classes;
  }

  @Override
  public int margins() {
    return classes;
  }

  @Override
  public double value(double label, double[] margins, double[] derivatives) {
    double max = Double.NEGATIVE_INFINITY;
    for (double m : margins) {
      max = Math.max(max, m);
    }
    double sum = 0;
    for (int k = 0; k < classes; k++) {
      derivatives[k] = Math.exp(margins[k] - max);
      sum += derivatives[k];
    }
    int y = (int) label;
    for (int k = 0; k < classes; k++) {
      derivatives[k] /= sum;
    }
    derivatives[y] -= 1.0;
    return Math.log(sum) + max - margins[y];
  }
}
