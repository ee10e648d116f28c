package org.flexcode.entropy.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.entropy.internal.RecordFunctions.ToInt;

/**
 * Level = the quantile bin (see {@link Quantiles}) of the record's key count, the number of records
 * in the block with the same key (user or item activity). The quantiles are taken over the records,
 * so each bin holds about the same number of records.
 */
record ActivityBinFilter<T>(ToInt<T> key, int bins) implements FeatureFilter<T> {

  private static final long serialVersionUID = 1L;

  @Override
  public int[] levels(List<T> block) {
    int[] keys = new int[block.size()];
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = 0; i < keys.length; i++) {
      keys[i] = key.applyAsInt(block.get(i));
      counts.merge(keys[i], 1, Integer::sum);
    }
    double[] activity = new double[keys.length];
    for (int i = 0; i < keys.length; i++) {
      activity[i] = counts.get(keys[i]);
    }
    return Quantiles.levels(activity, bins);
  }

  @Override
  public String name() {
    return "activityBins(" + bins + ")";
  }
}
