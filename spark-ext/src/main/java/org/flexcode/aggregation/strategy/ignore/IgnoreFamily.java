package org.flexcode.aggregation.strategy.ignore;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/**
 * Registers {@code ignore:b=B} (static backup workers) and {@code ignore:b=auto,floor=F,window=W}
 * (dynamic: b chosen every iteration).
 */
public final class IgnoreFamily implements StrategyFamily {

  static final String IGNORE = "ignore";
  static final String AUTO = "auto";

  @Override
  public List<String> names() {
    return List.of(IGNORE);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("b", "floor", "window");
  }

  @Override
  public List<String> examples() {
    return List.of("ignore:b=1", "ignore:b=auto,floor=0.75,window=5");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    boolean auto = AUTO.equals(spec.choice("b", String::trim, ""));
    if (auto) {
      return new AutoIgnore(
          spec.number("floor", StrategyDefaults.IGNORE_FLOOR, "a number in (0, 1]"),
          spec.integer("window", StrategyDefaults.IGNORE_WINDOW));
    }
    if (spec.keys().contains("floor") || spec.keys().contains("window")) {
      throw spec.error("floor and window apply to b=auto only, not to a fixed b", null);
    }
    return new Ignore(spec.integer("b", StrategyDefaults.IGNORED));
  }

  /** A bare {@code ignore} leaves out {@code b} results. */
  @Override
  public AggregationStrategy withParams(
      AggregationStrategy parsed, int s, int b, ShadowSpec shadows) {
    return new Ignore(b);
  }
}
