package org.flexcode.aggregation.strategy.shadow;

import java.util.ArrayList;
import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.SelectorKind;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.spec.Spec;

/**
 * Registers {@code shadow:m=M,f=F} (uncoded primaries plus shadows over entropy-rich subsets) and
 * {@code hybrid:s=S,m=M,f=F} (coded primaries plus shadows).
 */
public final class ShadowFamily implements StrategyFamily {

  static final String SHADOW = "shadow";
  static final String HYBRID = "hybrid";

  /** The code of {@code hybrid}'s primaries. */
  public static final CodeKind CODE = CodeKind.FRC;

  private static final List<String> SHADOW_KEYS = List.of("m", "f", "selector", "late", "seed");

  @Override
  public List<String> names() {
    return List.of(SHADOW, HYBRID);
  }

  @Override
  public List<String> keys(String name) {
    if (SHADOW.equals(name)) {
      return SHADOW_KEYS;
    }
    List<String> keys = new ArrayList<>(List.of("s"));
    keys.addAll(SHADOW_KEYS);
    keys.add("code");
    return keys;
  }

  @Override
  public List<String> examples() {
    return List.of("shadow:m=1,f=0.1", "hybrid:s=1,m=1,f=0.1");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    if (SHADOW.equals(spec.name())) {
      return new Shadowed(ShadowFamily.CODE, 0, shadows(spec));
    }
    return new Shadowed(
        spec.choice("code", CodeKind::parse, ShadowFamily.CODE),
        spec.integer("s", StrategyDefaults.TOLERANCE),
        shadows(spec));
  }

  /** A bare {@code shadow} or {@code hybrid} adds {@code shadows}; hybrid tolerates {@code s}. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    Shadowed shadowed = (Shadowed) parsed;
    return new Shadowed(
        shadowed.kind(), shadowed.s() == 0 ? 0 : params.tolerance(), params.shadows());
  }

  private static ShadowSpec shadows(Spec spec) {
    return new ShadowSpec(
        spec.integer("m", StrategyDefaults.SHADOW_TASKS),
        spec.number("f", StrategyDefaults.SHADOW_FRACTION, "a number in (0, 1]"),
        spec.choice("selector", SelectorKind::parse, StrategyDefaults.SELECTOR),
        spec.longInteger("seed", StrategyDefaults.SHADOW_SEED),
        spec.number("late", StrategyDefaults.SHADOW_LATE));
  }
}
