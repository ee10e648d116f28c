package org.flexcode.model;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.strategy.auto.Auto;
import org.flexcode.aggregation.strategy.bsp.Bsp;
import org.flexcode.aggregation.strategy.coded.Coded;
import org.flexcode.aggregation.strategy.flexrr.Flexrr;
import org.flexcode.aggregation.strategy.gcdc.Gcdc;
import org.flexcode.aggregation.strategy.ignore.AutoIgnore;
import org.flexcode.aggregation.strategy.ignore.Ignore;
import org.flexcode.aggregation.strategy.shadow.Shadowed;
import org.flexcode.aggregation.strategy.ssp.Ssp;
import org.flexcode.aggregation.strategy.steal.Steal;

/**
 * The model's rule of a strategy the engine parses ({@link AggregationStrategy#parse}: one grammar,
 * the engine's defaults), plus the model's two references, {@code limit} and {@code balanced}.
 */
final class StrategyRules {

  private StrategyRules() {}

  /** The rule of {@code spec}: {@code limit}, {@code balanced}, or an engine strategy's. */
  static Rule parse(String spec) {
    return switch (spec.trim()) {
      case "limit" -> Rule.limit();
      case "balanced" -> Rule.balanced();
      default -> of(AggregationStrategy.parse(spec));
    };
  }

  /**
   * The rule of {@code strategy}.
   *
   * @throws IllegalArgumentException for a strategy the model has no rule for ({@code hybrid}, a
   *     strategy from outside FlexCode)
   */
  static Rule of(AggregationStrategy strategy) {
    if (strategy instanceof Bsp) {
      return Rule.bsp();
    } else if (strategy instanceof Ignore ignore) {
      return Rule.ignore(ignore.b());
    } else if (strategy instanceof AutoIgnore auto) {
      return Rule.ignoreAuto(auto.floor(), auto.window());
    } else if (strategy instanceof Coded coded) {
      return coded.kind() == CodeKind.FRC ? Rule.frc(coded.s()) : Rule.cyclic(coded.s());
    } else if (strategy instanceof Gcdc gcdc) {
      return Rule.gcdc(gcdc.s(), gcdc.clusters());
    } else if (strategy instanceof Shadowed shadowed && shadowed.s() == 0) {
      return Rule.shadow(shadowed.shadows().count(), shadowed.shadows().fraction());
    } else if (strategy instanceof Steal steal) {
      return Rule.steal(steal.copies(), steal.chunks(), steal.late(), steal.home());
    } else if (strategy instanceof Ssp ssp) {
      return Rule.ssp(ssp.staleness(), ssp.b());
    } else if (strategy instanceof Flexrr flexrr) {
      return Rule.flexrr(flexrr.staleness(), flexrr.copies(), flexrr.chunks());
    } else if (strategy instanceof Auto auto) {
      return new AutoRule(auto.exact(), auto.copies(), auto.chunks(), auto.floor());
    }
    throw new IllegalArgumentException(
        "the model has no rule for " + strategy.spec() + " (its rules: " + known() + ")");
  }

  private static String known() {
    return "limit, balanced, bsp, ignore, frc, cyclic, gcdc, shadow, steal, ssp, flexrr, auto";
  }
}
