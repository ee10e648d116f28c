package org.flexcode.aggregation.strategy.ignore;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.spec.Spec;

/**
 * Registers {@code ignore:b=B} (static backup workers) and {@code ignore:b=auto,floor=F,window=W}
 * (dynamic: b chosen every iteration).
 */
public final class IgnoreFamily extends NamedFamily {

  static final String IGNORE = "ignore";
  static final String AUTO = "auto";

  /** The least share of the records {@code ignore:b=auto} aggregates (floor). */
  public static final double FLOOR = 0.75;

  /** The iterations of history {@code ignore:b=auto} chooses b from (window). */
  public static final int WINDOW = 5;

  /** The family. */
  public IgnoreFamily() {
    super(IGNORE, List.of("b", "floor", "window"), "ignore:b=1", IgnoreFamily::ignore);
  }

  /** An example per form: a fixed b and b=auto. */
  @Override
  public List<String> examples() {
    return List.of("ignore:b=1", "ignore:b=auto,floor=0.75,window=5");
  }

  private static AggregationStrategy ignore(Spec spec) {
    boolean auto = AUTO.equals(spec.choice("b", String::trim, ""));
    if (auto) {
      return new AutoIgnore(
          spec.number("floor", IgnoreFamily.FLOOR, "a number in (0, 1]"),
          spec.integer("window", IgnoreFamily.WINDOW));
    }
    if (spec.keys().contains("floor") || spec.keys().contains("window")) {
      throw spec.error("floor and window apply to b=auto only, not to a fixed b", null);
    }
    return new Ignore(spec.integer("b", StrategyDefaults.IGNORED));
  }

  /** A bare {@code ignore} leaves out {@code b} results. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return new Ignore(params.ignored());
  }
}
