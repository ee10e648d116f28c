package org.flexcode.workloads.internal;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.flexcode.aggregation.BlockStatistic;

/**
 * The weighted loss and gradient of a linear model in standardized space, for any {@link
 * MarginLoss} with K margins: for coefficients c_k (one set per margin, on x_j / std_j) and
 * intercepts b_k, margins m_k = sum_j c_kj x_j / std_j + b_k, and the statistic sums
 *
 * <pre>
 *   w_i loss(y_i, m),   w_i (d loss / d m_k) x_ij / std_j,   w_i (d loss / d m_k),   w_i
 * </pre>
 *
 * Features with std 0 are ignored (their coefficients stay 0), as in spark.ml. The model is one
 * array [c_1 (numFeatures) .. c_K, b_1 .. b_K (if fitted)]; the statistic's layout is the gradient
 * in the model's layout, then the loss sum and the weight sum (its {@link
 * BlockStatistic#trailingTotals}).
 */
public final class LinearStatistic {

  private LinearStatistic() {}

  /** The dimension of the statistic. */
  public static int dimension(int numFeatures, int margins, boolean fitIntercept) {
    return margins * (numFeatures + (fitIntercept ? 1 : 0)) + 2;
  }

  /** The block statistic of {@code loss}. */
  public static BlockStatistic<WeightedPoint, double[]> of(
      MarginLoss loss, double[] inverseStd, boolean fitIntercept) {
    int p = inverseStd.length;
    int k = loss.margins();
    int lossIndex = dimension(p, k, fitIntercept) - 2;
    BlockStatistic<WeightedPoint, double[]> statistic =
        (model, iteration, block, records, out) -> {
          double[] margins = new double[k];
          double[] derivatives = new double[k];
          for (WeightedPoint point : records) {
            double w = point.weight();
            if (w == 0.0) {
              continue;
            }
            Vector x = point.features();
            for (int c = 0; c < k; c++) {
              margins[c] =
                  (fitIntercept ? model[k * p + c] : 0.0) + dot(model, c * p, x, inverseStd);
            }
            out[lossIndex] += w * loss.value(point.label(), margins, derivatives);
            out[lossIndex + 1] += w;
            for (int c = 0; c < k; c++) {
              double multiplier = w * derivatives[c];
              if (multiplier != 0.0) {
                addScaled(out, c * p, x, inverseStd, multiplier);
                if (fitIntercept) {
                  out[k * p + c] += multiplier;
                }
              }
            }
          }
        };
    return BlockStatistic.endingInTotals(statistic, 2); // the loss and weight sums
  }

  private static double dot(double[] model, int offset, Vector x, double[] inverseStd) {
    double sum = 0;
    if (x instanceof SparseVector sparse) {
      int[] indices = sparse.indices();
      double[] values = sparse.values();
      for (int i = 0; i < indices.length; i++) {
        int j = indices[i];
        sum += model[offset + j] * values[i] * inverseStd[j];
      }
    } else {
      double[] values = ((DenseVector) x).values();
      for (int j = 0; j < inverseStd.length; j++) {
        sum += model[offset + j] * values[j] * inverseStd[j];
      }
    }
    return sum;
  }

  private static void addScaled(
      double[] out, int offset, Vector x, double[] inverseStd, double multiplier) {
    if (x instanceof SparseVector sparse) {
      int[] indices = sparse.indices();
      double[] values = sparse.values();
      for (int i = 0; i < indices.length; i++) {
        int j = indices[i];
        out[offset + j] += multiplier * values[i] * inverseStd[j];
      }
    } else {
      double[] values = ((DenseVector) x).values();
      for (int j = 0; j < inverseStd.length; j++) {
        out[offset + j] += multiplier * values[j] * inverseStd[j];
      }
    }
  }
}
