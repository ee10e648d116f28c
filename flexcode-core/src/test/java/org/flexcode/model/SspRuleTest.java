package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code ssp} in the model: staleness 0 is bsp; a persistent straggler lags instead of blocking.
 */
@Tag("unit")
class SspRuleTest {

  private static final Cluster EIGHT = Cluster.of(8, 1, 500);

  private static double mean(String pattern, String rule) {
    return IterationModel.of(EIGHT, MachineDelays.parse(pattern))
        .run(Rule.parse(rule), 40, 42L)
        .meanMs();
  }

  @Test
  void stalenessZeroIsBspAndAPersistentStragglerOnlySlowsEveryKPlusFirstIteration() {
    String persistent = "persistent:k=1,factor=4";
    double bsp = mean(persistent, "bsp");
    assertEquals(bsp, mean(persistent, "ssp:staleness=0,b=1"), 1e-9 * bsp);
    assertEquals(2000, bsp, 1e-9, "the straggler's 4 x 500 ms");
    // k=1: every other iteration waits for the straggler's remaining 1500 ms: (500 + 1500) / 2
    assertEquals(1000, mean(persistent, "ssp:staleness=1,b=1"), 1e-9);
    // k=3: its 2000 ms fit in four iterations of 500 ms
    assertEquals(500, mean(persistent, "ssp:staleness=3,b=1"), 1e-9);
    assertEquals(mean("ideal", "bsp"), mean("ideal", "ssp:staleness=2,b=1"), 1e-9);
    assertTrue(Rule.parse("ssp").spec().equals("ssp:staleness=1,b=1"));
  }

  /**
   * Two cores on the straggler: its two tasks finish at the same instant, and the iteration ends at
   * the first of them (b=1), as the engine's does at the first arrival; the other lags, so that
   * from then on every other iteration ends without the straggler, as with one task on it.
   */
  @Test
  void ofTwoTasksFinishingTogetherTheSecondLagsAsAnArrivalAfterTheDecision() {
    Cluster twoCores = Cluster.of(8, 2, 500);
    MachineDelays persistent = MachineDelays.parse("persistent:k=1,factor=4");
    double bsp = IterationModel.of(twoCores, persistent).run(Rule.parse("bsp"), 41, 42L).meanMs();
    double ssp =
        IterationModel.of(twoCores, persistent)
            .run(Rule.parse("ssp:staleness=1,b=1"), 41, 42L)
            .meanMs();
    assertEquals(2000, bsp, 1e-9);
    // the first iteration waits 2000 ms; then iterations alternate: 500 ms (one straggler task
    // lags) and 1500 ms (its remaining time, while the other runs fresh), as the engine measured
    assertEquals((2000 + 20 * (500 + 1500)) / 41.0, ssp, 1e-9);
  }
}
