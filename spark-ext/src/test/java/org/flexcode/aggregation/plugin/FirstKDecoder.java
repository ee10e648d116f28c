package org.flexcode.aggregation.plugin;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.GradientCode;

/**
 * {@link FirstK} bound: waits for k arrivals, then uses exactly the first k (in arrival order),
 * each weighted by all records / records of the k blocks used (task i holds block i).
 */
record FirstKDecoder(FirstK strategy, GradientCode code, long[] blockRecords)
    implements BoundStrategy {

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    if (arrivals.size() < strategy.k()) {
      return Optional.empty();
    }
    return Optional.of(rescaled(arrivals.subList(0, strategy.k())));
  }

  /** The sum of {@code tasks}' results, each scaled by all records / records of those tasks. */
  private Decision rescaled(List<Integer> tasks) {
    int n = code.numTasks();
    BitSet used = new BitSet(n);
    tasks.forEach(used::set);
    long total = 0;
    long aggregated = 0;
    for (int block = 0; block < blockRecords.length; block++) {
      total += blockRecords[block];
      if (used.get(block)) {
        aggregated += blockRecords[block];
      }
    }
    double scale = aggregated > 0 ? (double) total / aggregated : 1.0;
    double[] weights = new double[n];
    for (int task : tasks) {
      weights[task] = scale;
    }
    return new Decision(weights, used, Math.sqrt(n - tasks.size()), tasks.size() == n);
  }
}
