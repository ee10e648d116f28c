package org.flexcode.aggregation.copies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.engine.LayoutSource;
import org.flexcode.aggregation.strategy.auto.Auto;
import org.flexcode.aggregation.strategy.steal.Steal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** steal's copies fitted to the executors registered: r apart, never below two. */
@Tag("unit")
class StealCopiesFitTest {

  @Test
  void aBareStealCachesThreeCopiesOnEnoughExecutors() {
    AggregationStrategy steal = AggregationStrategy.parse("steal");
    assertEquals(3, ((Steal) steal).copies());
    assertSame(steal, fit(steal, 8));
    assertSame(steal, fit(steal, 3));
  }

  @Test
  void fewerExecutorsLowerTheCopiesToTheirCountButNotBelowTwo() {
    Steal fitted = (Steal) fit(AggregationStrategy.parse("steal:chunks=2"), 2);
    assertEquals(2, fitted.copies());
    assertEquals(2, fitted.chunks());
    Steal local = (Steal) fit(AggregationStrategy.parse("steal:r=4"), 0);
    assertEquals(2, local.copies()); // local mode: both copies on the one executor
    Steal one = (Steal) fit(AggregationStrategy.parse("steal:r=1"), 0);
    assertEquals(1, one.copies()); // asked for no copies: kept
  }

  @Test
  void autoKeepsItsOtherParamsAndOtherStrategiesAreUntouched() {
    Auto auto = (Auto) fit(AggregationStrategy.parse("auto:exact=true"), 2);
    assertEquals(2, auto.copies());
    assertEquals(true, auto.exact());
    assertEquals(StrategyDefaults.AUTO_FLOOR, auto.floor());
    AggregationStrategy bsp = AggregationStrategy.parse("bsp");
    assertSame(bsp, fit(bsp, 1));
  }

  /** {@code strategy} fitted by its own layout, as the engine fits it; as it is without one. */
  private static AggregationStrategy fit(AggregationStrategy strategy, int executors) {
    return strategy
        .capability(LayoutSource.class)
        .map(source -> source.fitTo(executors))
        .orElse(strategy);
  }
}
