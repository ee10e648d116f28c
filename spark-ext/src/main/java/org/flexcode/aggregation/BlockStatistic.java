package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An additive statistic of a data block: the engine sums it over all blocks (gradient and loss for
 * LR, factor gradients for MF, sufficient statistics for LDA, or plain counts). Implementations add
 * the block's contribution into {@code out} (length = the dimension given to the engine) and must
 * be deterministic in (model, iteration, block, records), since every copy of a block must yield
 * the same values for decoding to be exact.
 *
 * @param <T> record type
 * @param <M> model type, broadcast once per iteration
 */
@FunctionalInterface
public interface BlockStatistic<T, M> extends Serializable {
  /** Adds the statistic of {@code records} (block {@code block}) into {@code out}. */
  void accumulate(M model, int iteration, int block, List<T> records, double[] out);

  /**
   * How many trailing components of the statistic are totals (a loss sum, a record count) rather
   * than per-record directions such as a gradient: {@code auto} measures how much the workers'
   * statistics differ over the others. 0 by default: every component.
   */
  default int trailingTotals() {
    return 0;
  }

  /**
   * {@code statistic}, its last {@code totals} components being totals ({@link #trailingTotals}).
   */
  static <T, M> BlockStatistic<T, M> endingInTotals(BlockStatistic<T, M> statistic, int totals) {
    return new StatisticWithTotals<>(statistic, totals);
  }

  /**
   * Adds sum_k weights[k] x statistic(records[k]) into {@code out}: a shadow's estimate of block
   * {@code block} from its weighted subset. The default groups the records by weight (selectors
   * give one weight per joint colour, so there are few groups), calls {@link #accumulate} once per
   * group and scales, which is exact for any statistic that is a sum over records.
   */
  default void accumulateWeighted(
      M model, int iteration, int block, List<T> records, double[] weights, double[] out) {
    if (weights.length != records.size()) {
      throw new IllegalArgumentException(
          "block " + block + ": " + records.size() + " records but " + weights.length + " weights");
    }
    Map<Double, List<T>> byWeight = new LinkedHashMap<>();
    for (int k = 0; k < weights.length; k++) {
      byWeight.computeIfAbsent(weights[k], w -> new ArrayList<>()).add(records.get(k));
    }
    double[] group = new double[out.length];
    for (Map.Entry<Double, List<T>> e : byWeight.entrySet()) {
      java.util.Arrays.fill(group, 0.0);
      accumulate(model, iteration, block, e.getValue(), group);
      double w = e.getKey();
      for (int d = 0; d < out.length; d++) {
        out[d] += w * group[d];
      }
    }
  }
}
