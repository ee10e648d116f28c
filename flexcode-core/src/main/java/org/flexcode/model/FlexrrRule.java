package org.flexcode.model;

import org.flexcode.aggregation.strategy.flexrr.Flexrr;

/**
 * {@code flexrr:staleness=k,r=3,chunks=4} in the model: {@link StealSimulation} with the engine's
 * own {@link Flexrr} bound: steal's layout, launches and scheduling of the chunk copies (home work
 * per chunk, late copies at the default multiplier), with flexrr's ledger choosing before each
 * iteration which chunks run ({@code beforeIteration}), ending it once at most one chunk is missing
 * and none has been waited on for k iterations, and accepting a late chunk's result at most k
 * iterations old. The engine cancels nothing when a flexrr iteration ends: every copy still running
 * keeps its core into the next iteration, and the missing chunk's result, when it arrives, is
 * applied as computed in its own iteration. {@code staleness=0} binds steal's decoder and launches:
 * steal's rule.
 */
final class FlexrrRule extends StrategyRule<Flexrr> {

  FlexrrRule(int staleness, int r, int chunks) {
    super(new Flexrr(staleness, r, chunks)); // the engine's checks
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int m = cluster.executors();
    int copies = Math.min(strategy.copies(), Math.max(2, m)); // as the engine fits r
    Checks.check(
        copies <= m, "flexrr: r=" + copies + " copies need at least r executors, got " + m);
    return new StealSimulation(
        cluster, new Flexrr(strategy.staleness(), copies, strategy.chunks()));
  }
}
