package org.flexcode.aggregation.strategy.ssp;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/** Registers {@code ssp:staleness=K,b=B}: bounded staleness. */
public final class SspFamily implements StrategyFamily {

  static final String SSP = "ssp";

  @Override
  public List<String> names() {
    return List.of(SSP);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("staleness", "b");
  }

  @Override
  public List<String> examples() {
    return List.of("ssp:staleness=1,b=1");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Ssp(
        spec.integer("staleness", StrategyDefaults.SSP_STALENESS),
        spec.integer("b", StrategyDefaults.SSP_MISSING));
  }

  /** A bare {@code ssp} misses at most {@code b} blocks. */
  @Override
  public AggregationStrategy withParams(
      AggregationStrategy parsed, int s, int b, ShadowSpec shadows) {
    return new Ssp(((Ssp) parsed).staleness(), b);
  }
}
