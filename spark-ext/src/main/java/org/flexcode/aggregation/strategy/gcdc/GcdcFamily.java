package org.flexcode.aggregation.strategy.gcdc;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/** Registers {@code gcdc:s=S,clusters=C}: gradient coding with dynamic clustering. */
public final class GcdcFamily implements StrategyFamily {

  static final String GCDC = "gcdc";

  @Override
  public List<String> names() {
    return List.of(GCDC);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("s", "clusters");
  }

  @Override
  public List<String> examples() {
    return List.of("gcdc:s=1,clusters=2");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Gcdc(
        spec.integer("s", StrategyDefaults.TOLERANCE),
        spec.integer("clusters", StrategyDefaults.CLUSTERS));
  }

  /** A bare {@code gcdc} tolerates {@code s} stragglers per cluster. */
  @Override
  public AggregationStrategy withParams(
      AggregationStrategy parsed, int s, int b, ShadowSpec shadows) {
    return new Gcdc(s, ((Gcdc) parsed).clusters());
  }
}
