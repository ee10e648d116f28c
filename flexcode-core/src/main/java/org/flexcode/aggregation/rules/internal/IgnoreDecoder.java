package org.flexcode.aggregation.rules.internal;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.GradientCode;

/**
 * The {@code ignore:b} rule, which {@code auto} reuses: the first n - b arrivals of an uncoded
 * layout, scaled by (all records) / (records of the used blocks), an unbiased-in-expectation
 * estimate when stragglers are random.
 */
public record IgnoreDecoder(
    AggregationStrategy strategy, int b, GradientCode code, long[] blockRecords)
    implements BoundStrategy {

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    int n = code.numTasks();
    int needed = n - b;
    if (arrivals.size() < needed) {
      return Optional.empty();
    }
    return Optional.of(rescaled(n, arrivals.subList(0, needed), blockRecords));
  }

  /** The finished tasks' plain sum; the engine's recovery rescales it to all records. */
  @Override
  public Decision bestEffort(BitSet finished) {
    return rescaled(code.numTasks(), finished.stream().boxed().toList(), new long[0]);
  }

  /** The sum of {@code tasks}' results, each scaled by all records / records of those tasks. */
  public static Decision rescaled(int n, List<Integer> tasks, long[] blockRecords) {
    long total = 0;
    long aggregated = 0;
    BitSet used = new BitSet(n);
    for (int task : tasks) {
      used.set(task);
    }
    for (int j = 0; j < blockRecords.length; j++) {
      total += blockRecords[j];
      if (used.get(j)) {
        aggregated += blockRecords[j];
      }
    }
    double scale = aggregated > 0 ? (double) total / aggregated : 1.0;
    double[] weights = new double[n];
    for (int task : tasks) {
      weights[task] = scale;
    }
    boolean exact = tasks.size() == n;
    return new Decision(weights, used, Math.sqrt(n - tasks.size()), exact);
  }
}
