package org.flexcode.aggregation.strategy.ssp;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyParams;

/** Registers {@code ssp:staleness=K,b=B}: bounded staleness. */
public final class SspFamily extends NamedFamily {

  static final String SSP = "ssp";

  /** The family. */
  public SspFamily() {
    super(
        SSP,
        List.of("staleness", "b"),
        "ssp:staleness=1,b=1",
        spec ->
            new Ssp(
                spec.integer("staleness", StrategyDefaults.SSP_STALENESS),
                spec.integer("b", StrategyDefaults.SSP_MISSING)));
  }

  /** A bare {@code ssp} misses at most {@code b} blocks. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return new Ssp(((Ssp) parsed).staleness(), params.ignored());
  }
}
