package org.flexcode.aggregation.strategy.ssp;

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
import org.flexcode.aggregation.LaunchSource;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.coding.GradientCode;

/**
 * {@link Ssp} bound: its {@link StalenessLedger} says which blocks get a task each iteration and
 * when the iteration may end; the decision sums every result that arrived in the iteration (fresh
 * or stale) with weight 1. Holds state across iterations: one per engine.
 */
final class SspDecoder implements BoundStrategy, Adaptive, StaleResults, LaunchSource {

  private final Ssp strategy;
  private final GradientCode code;
  private final StalenessLedger ledger;
  private int iteration = -1;
  private BitSet submission = new BitSet();

  SspDecoder(Ssp strategy, GradientCode code) {
    this.strategy = strategy;
    this.code = code;
    this.ledger = new StalenessLedger(code.numTasks(), strategy.staleness(), strategy.b());
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  @Override
  public GradientCode code() {
    return code;
  }

  /** The tasks this iteration's job runs: the blocks without a task in flight. */
  BitSet submission() {
    return (BitSet) submission.clone();
  }

  @Override
  public String beforeIteration(int it) {
    iteration = it;
    submission = ledger.submitNew(it);
    Map<Integer, Integer> lagging = new TreeMap<>();
    for (int j = 0; j < code.numTasks(); j++) {
      if (!submission.get(j)) {
        lagging.put(j, ledger.inFlightSince(j));
      }
    }
    return lagging.isEmpty()
        ? ""
        : "tasks still running from earlier iterations (task=iteration) " + lagging;
  }

  @Override
  public int staleness() {
    return strategy.staleness();
  }

  @Override
  public boolean acceptsStale(int task, int computedAt) {
    return ledger.accepts(task, computedAt, iteration);
  }

  @Override
  public void applied(int task, int computedAt) {
    ledger.applied(task, computedAt);
  }

  @Override
  public void abandon(int computedAt) {
    ledger.abandon(computedAt);
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    int n = code.numTasks();
    BitSet contributed = finished.get(0, n);
    if (!ledger.mayEnd(iteration, contributed)) {
      return Optional.empty();
    }
    return Optional.of(sum(contributed));
  }

  /** The finished tasks' plain sum. */
  @Override
  public Decision bestEffort(BitSet finished) {
    return sum(finished.get(0, code.numTasks()));
  }

  private Decision sum(BitSet contributed) {
    int n = code.numTasks();
    double[] weights = new double[n];
    contributed.stream().forEach(task -> weights[task] = 1.0);
    BitSet stale = (BitSet) contributed.clone();
    stale.andNot(submission);
    int missing = n - contributed.cardinality();
    return new Decision(weights, contributed, Math.sqrt(missing), missing == 0 && stale.isEmpty());
  }

  /**
   * Launches that wait for stale results rather than exceed the staleness ({@link SspLaunches}).
   */
  @Override
  public LateLaunchPolicy launches(TaskLayout layout, TaskLaunches listener) {
    return new SspLaunches(this);
  }
}
