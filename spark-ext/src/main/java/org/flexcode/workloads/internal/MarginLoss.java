package org.flexcode.workloads.internal;

import java.io.Serializable;

/**
 * The per-instance loss of a linear model on its K margins m_k = c_k . x + b_k (K = 1 for binary
 * and regression losses, the number of classes for softmax): {@link #value} returns loss(y, m) and
 * writes d loss / d m_k. The spark.ml losses, each with its formula in its Javadoc: {@link
 * #logistic()}, {@link #softmax(int)}, {@link #squared(double)} and {@link #hinge()}.
 */
public interface MarginLoss extends Serializable {

  /** The number of margins K. */
  int margins();

  /** loss(label, margins), with d loss / d margins written into {@code derivatives}. */
  double value(double label, double[] margins, double[] derivatives);

  /** Binary logistic loss (labels 0 or 1). */
  static MarginLoss logistic() {
    return new LogisticLoss();
  }

  /** Multinomial (softmax) cross-entropy over {@code classes} classes (labels 0 .. classes-1). */
  static MarginLoss softmax(int classes) {
    return new SoftmaxLoss(classes);
  }

  /** Half the squared residual of the label divided by {@code labelScale}. */
  static MarginLoss squared(double labelScale) {
    return new SquaredLoss(labelScale);
  }

  /** Hinge loss (labels 0 or 1, read as -1 and +1). */
  static MarginLoss hinge() {
    return new HingeLoss();
  }
}
