package org.flexcode.aggregation.strategy.coded;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/** {@link Coded} bound: decides exactly as soon as the code decodes the finished set. */
record CodedDecoder(Coded strategy, GradientCode code) implements BoundStrategy {

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    if (!code.isDecodable(finished)) {
      return Optional.empty();
    }
    Decoding decoding = code.decode(finished);
    if (!decoding.exact()) {
      return Optional.empty(); // numerically poor set: wait for one more task
    }
    return Optional.of(
        new Decision(decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), true));
  }
}
