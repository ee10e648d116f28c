package org.flexcode.bench;

import java.util.List;
import org.flexcode.aggregation.BlockStatistic;

/**
 * A synthetic dense statistic for the data-plane experiment ({@link ScaleExperiment}): each record
 * {@code r} (an integer) adds {@code model + r + 1 + (j mod 8) / 8} to every component {@code j} of
 * the d-vector. Every component is non-zero (the model is positive), so no partial result packs
 * sparse: what the driver receives is d doubles per shipped vector. The sum over records {@code 0,
 * ..., n - 1} has a closed form ({@link #expectedSum}) that every contender's sum is checked
 * against.
 */
final class DenseStatistic implements BlockStatistic<Integer, Double> {

  private static final long serialVersionUID = 1L;

  /** The one instance: the statistic holds no state. */
  static final DenseStatistic INSTANCE = new DenseStatistic();

  private DenseStatistic() {}

  @Override
  public void accumulate(
      Double model, int iteration, int block, List<Integer> records, double[] out) {
    for (int record : records) {
      add(model, record, out);
    }
  }

  /** Adds record {@code record}'s contribution at {@code model} into {@code out}. */
  static void add(double model, int record, double[] out) {
    double base = model + record + 1;
    for (int j = 0; j < out.length; j++) {
      out[j] += base + (j & 7) * 0.125;
    }
  }

  /** The statistic's sum over the records {@code 0, ..., records - 1} at {@code model}. */
  static double[] expectedSum(double model, int records, int dimension) {
    double[] sum = new double[dimension];
    double recordTotal = records * (records - 1) / 2.0;
    for (int j = 0; j < dimension; j++) {
      sum[j] = records * (model + 1 + (j & 7) * 0.125) + recordTotal;
    }
    return sum;
  }
}
