package org.flexcode.optim;

import java.util.List;
import org.apache.spark.mllib.linalg.Vector;
import org.flexcode.metrics.IterationRecord;

/**
 * What an optimizer run produced: the weights, MLlib's loss history (one entry per iteration with a
 * non-empty batch: mean loss of the batch at the previous weights plus the regularization value),
 * and one record per aggregation.
 */
public record OptimizationResult(
    Vector weights, double[] lossHistory, List<IterationRecord> records) {
  /** Defensive copies. */
  public OptimizationResult {
    lossHistory = lossHistory.clone();
    records = List.copyOf(records);
  }

  @Override
  public double[] lossHistory() {
    return lossHistory.clone();
  }
}
