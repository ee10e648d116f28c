package org.flexcode.aggregation.strategy.ssp;

import org.flexcode.adaptive.internal.StalenessLedger;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code ssp:staleness=1,b=1}: bounded staleness over an uncoded layout. An iteration ends once at
 * most b blocks have contributed nothing; a task still running is not cancelled, and its result,
 * arriving in a later iteration, is applied then if it is at most {@code staleness} iterations old
 * (the engine waits for it rather than exceed that); its block gets no new task while it runs
 * ({@link StalenessLedger}). The aggregate is the plain sum of the results applied (fresh and
 * stale, not rescaled): every block's result is applied once, some late. staleness = 0 is bsp.
 */
record Ssp(int staleness, int b) implements AggregationStrategy, ModelReplay {

  /** Validates. */
  public Ssp {
    StalenessLedger.checkStaleness(staleness);
    StalenessLedger.checkMissing(b);
  }

  @Override
  public String spec() {
    return SpecText.of(SspFamily.SSP).with("staleness", staleness).with("b", b).toString();
  }

  @Override
  public boolean isExact() {
    return staleness == 0 || b == 0;
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new SspDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The b results an iteration may leave out. */
  @Override
  public int leftOut() {
    return b;
  }

  /** The model keeps late tasks running into later iterations, as the engine does. */
  @Override
  public <R> R replayIn(ModelReplay.Replays<R> replays) {
    return replays.boundedStaleness(staleness, b);
  }
}
