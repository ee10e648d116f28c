package org.flexcode.aggregation.strategy.auto;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/**
 * Registers {@code auto:exact=B,r=R,chunks=C,floor=F}: the mode predicted fastest per iteration.
 */
public final class AutoFamily implements StrategyFamily {

  static final String AUTO = "auto";

  @Override
  public List<String> names() {
    return List.of(AUTO);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("exact", "r", "chunks", "floor");
  }

  @Override
  public List<String> examples() {
    return List.of("auto:exact=false");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Auto(
        spec.choice("exact", AutoFamily::bool, false),
        spec.integer("r", StrategyDefaults.STEAL_COPIES),
        spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS),
        spec.number("floor", StrategyDefaults.AUTO_FLOOR, "a number in (0, 1]"));
  }

  private static boolean bool(String text) {
    return switch (text.trim()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("exact must be true or false, got " + text);
    };
  }
}
