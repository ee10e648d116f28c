package org.flexcode.aggregation.strategy.flexrr;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.flexcode.adaptive.internal.StalenessLedger;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.copies.internal.CopiesLaunchSource;
import org.flexcode.aggregation.copies.internal.StealDecoder;
import org.flexcode.aggregation.copies.internal.StealLaunches;
import org.flexcode.aggregation.copies.internal.StealPlan;
import org.flexcode.coding.GradientCode;

/**
 * {@link Flexrr} bound: a {@link StalenessLedger} over the chunks (task t is a copy of chunk t mod
 * C) says which chunks get a copy each iteration and when the iteration may end: once at most one
 * chunk has contributed nothing and its copies in flight are less than k iterations old. A chunk
 * contributes through one copy's result ({@link StealDecoder}'s choice: its home copy if that
 * arrived, else another), fresh or from an earlier iteration; the aggregate is the plain sum of
 * those, weight 1. Holds state across iterations: one per engine.
 */
final class FlexrrDecoder implements BoundStrategy, Adaptive, StaleResults, CopiesLaunchSource {

  private final Flexrr strategy;
  private final GradientCode code;
  private final StealDecoder oneCopyEach;
  private final int numChunks;
  private final StalenessLedger ledger;
  private int iteration = -1;
  private BitSet fresh = new BitSet();

  FlexrrDecoder(Flexrr strategy, GradientCode code) {
    this.strategy = strategy;
    this.code = code;
    this.oneCopyEach = new StealDecoder(strategy, strategy.copies(), code);
    this.numChunks = code.numTasks() / strategy.copies();
    // With a single chunk, leaving it out would leave the iteration nothing.
    this.ledger = new StalenessLedger(numChunks, strategy.staleness(), numChunks > 1 ? 1 : 0);
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  @Override
  public GradientCode code() {
    return code;
  }

  /** The chunks whose copies from an earlier iteration still run: no copy of them this one. */
  BitSet lagging() {
    BitSet lagging = new BitSet(numChunks);
    lagging.set(0, numChunks);
    lagging.andNot(fresh);
    return lagging;
  }

  @Override
  public String beforeIteration(int it) {
    iteration = it;
    fresh = ledger.submitNew(it);
    Map<Integer, Integer> lagging = new TreeMap<>();
    lagging().stream().forEach(chunk -> lagging.put(chunk, ledger.inFlightSince(chunk)));
    return lagging.isEmpty()
        ? ""
        : "chunks still running from earlier iterations (chunk=iteration) " + lagging;
  }

  @Override
  public int staleness() {
    return strategy.staleness();
  }

  @Override
  public boolean acceptsStale(int task, int computedAt) {
    return ledger.accepts(task % numChunks, computedAt, iteration);
  }

  @Override
  public void applied(int task, int computedAt) {
    ledger.applied(task % numChunks, computedAt);
  }

  @Override
  public void abandon(int computedAt) {
    ledger.abandon(computedAt);
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    BitSet used = oneCopyEach.bestEffort(finished).used();
    if (!ledger.mayEnd(iteration, chunksOf(used))) {
      return Optional.empty();
    }
    return Optional.of(sum(used));
  }

  /** One copy of each chunk that arrived, summed; missing chunks count 0. */
  @Override
  public Decision bestEffort(BitSet finished) {
    return sum(oneCopyEach.bestEffort(finished).used());
  }

  private BitSet chunksOf(BitSet tasks) {
    BitSet chunks = new BitSet(numChunks);
    tasks.stream().forEach(task -> chunks.set(task % numChunks));
    return chunks;
  }

  /** Weight 1 on {@code used} (one copy per chunk); exact when every chunk is in, all fresh. */
  private Decision sum(BitSet used) {
    double[] weights = new double[code.numTasks()];
    used.stream().forEach(task -> weights[task] = 1.0);
    BitSet contributed = chunksOf(used);
    BitSet stale = (BitSet) contributed.clone();
    stale.andNot(fresh);
    int missing = numChunks - contributed.cardinality();
    return new Decision(weights, used, Math.sqrt(missing), missing == 0 && stale.isEmpty());
  }

  /**
   * {@code steal}'s launches over {@code plan}, holding the chunks still running from an earlier
   * iteration ({@link FlexrrLaunches}).
   */
  @Override
  public LateLaunchPolicy launches(StealPlan plan, StealLaunches stealing) {
    if (plan.numChunks() != numChunks) {
      throw new IllegalArgumentException(
          "flexrr: a layout of " + plan.numChunks() + " chunks for " + numChunks + " chunks");
    }
    return new FlexrrLaunches(this, stealing);
  }
}
