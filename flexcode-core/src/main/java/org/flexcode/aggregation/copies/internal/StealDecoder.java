package org.flexcode.aggregation.copies.internal;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.GradientCode;

/**
 * Decides for {@code steal}: the iteration ends when every chunk has arrived from at least one of
 * its copies; the aggregate is the sum over chunks of one copy each (weight 1), so a chunk two of
 * whose copies finished counts once: its home copy if that arrived, else the first copy to arrive.
 * The home copy comes first because a block task reports its block's sum as its first chunk's
 * result and zero for the others: its chunks must be taken from it together, never some from it and
 * some from other copies. Task t is copy (t / C) of chunk (t mod C), so the home copies are tasks 0
 * .. C-1.
 */
public final class StealDecoder implements BoundStrategy {

  private final AggregationStrategy strategy;
  private final int copies;
  private final GradientCode code;
  private final int numChunks;

  /** The decoder of {@code strategy} over {@code code}: {@code copies} copies of each chunk. */
  public StealDecoder(AggregationStrategy strategy, int copies, GradientCode code) {
    if (code.numTasks() % copies != 0) {
      throw new IllegalArgumentException(
          "steal: " + code.numTasks() + " tasks are not r=" + copies + " copies of each chunk");
    }
    this.strategy = strategy;
    this.copies = copies;
    this.code = code;
    this.numChunks = code.numTasks() / copies;
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  @Override
  public GradientCode code() {
    return code;
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    if (!coversEveryChunk(finished)) {
      return Optional.empty();
    }
    BitSet winners = firstCopies(arrivals);
    if (winners.cardinality() < numChunks) {
      return Optional.empty();
    }
    return Optional.of(decision(winners, 0.0, true));
  }

  /** The first copy of each chunk that arrived; missing chunks count 0 (inexact). */
  @Override
  public Decision bestEffort(BitSet finished) {
    BitSet winners = firstCopies(finished.stream().boxed().toList());
    int missing = numChunks - winners.cardinality();
    return decision(winners, Math.sqrt(missing), missing == 0);
  }

  /**
   * Whether every chunk has a finished copy: the union of the copies' task ranges, word by word (a
   * decision asked at every arrival must not walk every arrival while chunks are missing).
   */
  private boolean coversEveryChunk(BitSet finished) {
    BitSet covered = finished.get(0, numChunks);
    for (int k = 1; k < copies && covered.cardinality() < numChunks; k++) {
      covered.or(finished.get(k * numChunks, (k + 1) * numChunks));
    }
    return covered.cardinality() == numChunks;
  }

  /** Each chunk's home copy if it arrived, else its first copy to arrive. */
  private BitSet firstCopies(List<Integer> arrivals) {
    BitSet chunks = new BitSet(numChunks);
    BitSet winners = new BitSet(code.numTasks());
    for (int task : arrivals) {
      if (task < numChunks) {
        chunks.set(task);
        winners.set(task);
      }
    }
    for (int task : arrivals) {
      int chunk = task % numChunks;
      if (!chunks.get(chunk)) {
        chunks.set(chunk);
        winners.set(task);
      }
    }
    return winners;
  }

  private Decision decision(BitSet winners, double residual, boolean exact) {
    double[] weights = new double[code.numTasks()];
    winners.stream().forEach(task -> weights[task] = 1.0);
    return new Decision(weights, winners, residual, exact);
  }
}
