package org.flexcode.aggregation;

import java.util.List;

/**
 * A statistic whose last {@code totals} components are totals ({@link
 * BlockStatistic#trailingTotals}); it computes as the statistic it wraps.
 */
record StatisticWithTotals<T, M>(BlockStatistic<T, M> statistic, int totals)
    implements BlockStatistic<T, M> {

  private static final long serialVersionUID = 1L;

  StatisticWithTotals {
    if (totals < 0) {
      throw new IllegalArgumentException("a statistic's totals must be >= 0, got " + totals);
    }
  }

  @Override
  public void accumulate(M model, int iteration, int block, List<T> records, double[] out) {
    statistic.accumulate(model, iteration, block, records, out);
  }

  @Override
  public void accumulateWeighted(
      M model, int iteration, int block, List<T> records, double[] weights, double[] out) {
    statistic.accumulateWeighted(model, iteration, block, records, weights, out);
  }

  @Override
  public int trailingTotals() {
    return totals;
  }
}
