package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.Optional;
import org.flexcode.coding.GradientCode;

/**
 * A strategy bound to the engine's data: its code and the records of each block, so the run and the
 * recovery ask it about task sets only.
 */
record BoundStrategy(AggregationStrategy strategy, GradientCode code, long[] blockRecords) {

  /** The decision for what has arrived, or empty to keep waiting. */
  Optional<Decision> decide(Arrivals arrivals) {
    return strategy.decide(code, arrivals.order(), arrivals.finished(), blockRecords);
  }

  /** Whether the tasks {@code possible} (all of them finished) would suffice. */
  boolean couldDecide(BitSet possible) {
    return strategy
        .decide(code, possible.stream().boxed().toList(), possible, blockRecords)
        .isPresent();
  }

  /** The best decision from the finished primaries, without waiting for more. */
  Decision bestEffort(BitSet finished) {
    return strategy.bestEffort(code, finished.get(0, code.numTasks()));
  }
}
