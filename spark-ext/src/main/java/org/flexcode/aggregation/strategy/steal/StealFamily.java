package org.flexcode.aggregation.strategy.steal;

import java.util.List;
import org.flexcode.adaptive.StealHome;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/** Registers {@code steal:r=R,chunks=C,late=X}: work stealing over cached chunk copies. */
public final class StealFamily implements StrategyFamily {

  static final String STEAL = "steal";

  @Override
  public List<String> names() {
    return List.of(STEAL);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("r", "chunks", "late", "home");
  }

  @Override
  public List<String> examples() {
    return List.of("steal:r=3,chunks=4,late=1.5");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Steal(
        spec.integer("r", StrategyDefaults.STEAL_COPIES),
        spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS),
        spec.number("late", StrategyDefaults.STEAL_LATE),
        spec.choice("home", StealHome::parse, StealHome.AUTO));
  }
}
