package org.flexcode.aggregation.strategy.ssp;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.spec.Spec;

/** Registers {@code ssp:staleness=K,b=B}: bounded staleness. */
public final class SspFamily extends NamedFamily {

  static final String SSP = "ssp";

  /** Iterations a result {@code ssp} applies may lag (staleness k). */
  public static final int STALENESS = 1;

  /** Blocks an {@code ssp} iteration may miss (b). */
  public static final int MISSING = 1;

  /** The family. */
  public SspFamily() {
    super(SSP, List.of("staleness", "b"), "ssp:staleness=1,b=1", SspFamily::ssp);
  }

  private static Ssp ssp(Spec spec) {
    return new Ssp(spec.integer("staleness", STALENESS), spec.integer("b", MISSING));
  }

  /** A bare {@code ssp} misses at most {@code b} blocks. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return new Ssp(((Ssp) parsed).staleness(), params.ignored());
  }
}
