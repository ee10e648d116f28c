package org.flexcode.aggregation.strategy.bsp;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/** {@link Bsp} bound: decides once every task finished. */
record BspDecoder(Bsp strategy, GradientCode code) implements BoundStrategy {

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    if (finished.cardinality() < code.numTasks()) {
      return Optional.empty();
    }
    Decoding decoding = code.decode(finished);
    return Optional.of(new Decision(decoding.taskCoefficients(), decoding.usedTasks(), 0.0, true));
  }
}
