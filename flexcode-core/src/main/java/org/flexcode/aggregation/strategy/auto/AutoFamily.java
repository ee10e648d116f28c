package org.flexcode.aggregation.strategy.auto;

import java.util.List;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.spec.Spec;

/**
 * Registers {@code auto:exact=B,r=R,chunks=C,floor=F}: the mode predicted fastest per iteration.
 */
public final class AutoFamily extends NamedFamily {

  static final String AUTO = "auto";

  /** The family. */
  public AutoFamily() {
    super(AUTO, List.of("exact", "r", "chunks", "floor"), "auto:exact=false", AutoFamily::auto);
  }

  private static Auto auto(Spec spec) {
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
