package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.aggregation.strategy.auto.Auto;
import org.flexcode.aggregation.strategy.auto.AutoFamily;
import org.flexcode.aggregation.strategy.steal.Steal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * steal's copies fitted to the executors registered: r apart, never below two; auto's bsp on one
 * executor that queues the blocks.
 */
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
    assertEquals(AutoFamily.FLOOR, auto.floor());
    AggregationStrategy bsp = AggregationStrategy.parse("bsp");
    assertSame(bsp, fit(bsp, 1));
  }

  @Test
  void autoRunsBspWhenOneExecutorQueuesTheBlocksAndStealStays() {
    AggregationStrategy auto = AggregationStrategy.parse("auto:exact=true");
    StorageBudget any = StorageBudget.UNLIMITED;
    CopiedLayout layout = auto.capability(CopiedLayout.class).orElseThrow();
    assertEquals("bsp", layout.fitTo(new ClusterShape(0, 2, 16), any).spec()); // local[2]
    assertEquals("bsp", layout.fitTo(new ClusterShape(1, 4, 5), any).spec());
    assertEquals(2, ((Auto) layout.fitTo(new ClusterShape(0, 4, 4), any)).copies());
    assertEquals(2, ((Auto) layout.fitTo(new ClusterShape(2, 4, 64), any)).copies());
    // No executor registered yet (slots 0): nothing known to queue.
    assertEquals(2, ((Auto) layout.fitTo(new ClusterShape(0, 0, 64), any)).copies());
    // steal was asked for by name: its late copies stay.
    AggregationStrategy steal = AggregationStrategy.parse("steal");
    Steal fitted =
        (Steal)
            steal
                .capability(CopiedLayout.class)
                .orElseThrow()
                .fitTo(new ClusterShape(0, 2, 16), any);
    assertEquals(2, fitted.copies());
  }

  @Test
  void freeStorageMemoryLowersTheCopiesAndBelowTwoRunsBsp() {
    AggregationStrategy auto = AggregationStrategy.parse("auto:exact=true");
    // 100 bytes of input: 350 free hold the input and two copies beside it
    Auto two = (Auto) fit(auto, 8, new StorageBudget(100, 350));
    assertEquals(2, two.copies());
    assertEquals(true, two.exact());
    assertSame(auto, fit(auto, 8, new StorageBudget(100, 400)));
    assertEquals("bsp", fit(auto, 8, new StorageBudget(100, 299)).spec());
    assertEquals(
        "bsp", fit(AggregationStrategy.parse("steal"), 8, new StorageBudget(10, 20)).spec());
    Steal one = (Steal) fit(AggregationStrategy.parse("steal:r=1"), 8, new StorageBudget(10, 20));
    assertEquals(1, one.copies()); // one copy asked for, and it fits
    assertEquals(
        "bsp", fit(AggregationStrategy.parse("steal:r=1"), 8, new StorageBudget(10, 15)).spec());
  }

  @Test
  void anUnknownInputSizeLimitsNothing() {
    assertEquals(Integer.MAX_VALUE, new StorageBudget(0, 10).copiesThatFit());
    assertEquals(0, new StorageBudget(10, 5).copiesThatFit());
  }

  private static AggregationStrategy fit(
      AggregationStrategy strategy, int executors, StorageBudget budget) {
    return strategy
        .capability(CopiedLayout.class)
        .map(source -> source.fitTo(new ClusterShape(executors, 0, 0), budget))
        .orElse(strategy);
  }

  /** {@code strategy} fitted by its copies layout, as the engine fits it; as it is without one. */
  private static AggregationStrategy fit(AggregationStrategy strategy, int executors) {
    return strategy
        .capability(CopiedLayout.class)
        .map(source -> source.fitTo(new ClusterShape(executors, 0, 0), StorageBudget.UNLIMITED))
        .orElse(strategy);
  }
}
