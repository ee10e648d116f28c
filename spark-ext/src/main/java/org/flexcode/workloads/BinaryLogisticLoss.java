package org.flexcode.workloads;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.flexcode.aggregation.BlockStatistic;

/**
 * The weighted binary logistic loss of spark.ml in standardized space: for coefficients c (one per
 * feature, on x_j / std_j) and intercept b, margin m = sum_j c_j x_j / std_j + b and
 *
 * <pre>
 *   loss_i = w_i (log(1 + exp(m)) - y_i m),   d loss_i / d m = w_i (sigmoid(m) - y_i)
 * </pre>
 *
 * computed in the overflow-safe form log(1 + exp(m)) = max(m, 0) + log1p(exp(-|m|)). Features with
 * std 0 are ignored (their coefficient stays 0), as in spark.ml. The block statistic's layout is
 * [gradient (numFeatures), intercept gradient (if fitted), loss sum, weight sum].
 */
public final class BinaryLogisticLoss {

  private BinaryLogisticLoss() {}

  /** The dimension of the statistic. */
  public static int dimension(int numFeatures, boolean fitIntercept) {
    return numFeatures + (fitIntercept ? 1 : 0) + 2;
  }

  /** The block statistic; the model is (c, b) as one array of length numFeatures (+1). */
  public static BlockStatistic<WeightedPoint, double[]> statistic(
      double[] inverseStd, boolean fitIntercept) {
    int p = inverseStd.length;
    int lossIndex = p + (fitIntercept ? 1 : 0);
    return (coefficients, iteration, block, records, out) -> {
      for (WeightedPoint point : records) {
        double w = point.weight();
        if (w == 0.0) {
          continue;
        }
        Vector x = point.features();
        double margin = fitIntercept ? coefficients[p] : 0.0;
        if (x instanceof SparseVector sparse) {
          int[] indices = sparse.indices();
          double[] values = sparse.values();
          for (int k = 0; k < indices.length; k++) {
            int j = indices[k];
            margin += coefficients[j] * values[k] * inverseStd[j];
          }
        } else {
          double[] values = ((DenseVector) x).values();
          for (int j = 0; j < p; j++) {
            margin += coefficients[j] * values[j] * inverseStd[j];
          }
        }
        double y = point.label();
        double logOnePlusExp = Math.max(margin, 0) + Math.log1p(Math.exp(-Math.abs(margin)));
        out[lossIndex] += w * (logOnePlusExp - y * margin);
        out[lossIndex + 1] += w;
        double multiplier = w * (sigmoid(margin) - y);
        if (x instanceof SparseVector sparse) {
          int[] indices = sparse.indices();
          double[] values = sparse.values();
          for (int k = 0; k < indices.length; k++) {
            int j = indices[k];
            out[j] += multiplier * values[k] * inverseStd[j];
          }
        } else {
          double[] values = ((DenseVector) x).values();
          for (int j = 0; j < p; j++) {
            out[j] += multiplier * values[j] * inverseStd[j];
          }
        }
        if (fitIntercept) {
          out[p] += multiplier;
        }
      }
    };
  }

  private static double sigmoid(double m) {
    if (m >= 0) {
      return 1.0 / (1.0 + Math.exp(-m));
    }
    double e = Math.exp(m);
    return e / (1.0 + e);
  }
}
