package org.flexcode.aggregation.strategy.bsp;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/** Registers {@code bsp}: wait for every task, as MLlib does. */
public final class BspFamily implements StrategyFamily {

  static final String BSP = "bsp";

  @Override
  public List<String> names() {
    return List.of(BSP);
  }

  @Override
  public List<String> keys(String name) {
    return List.of();
  }

  @Override
  public List<String> examples() {
    return List.of(BSP);
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Bsp();
  }
}
