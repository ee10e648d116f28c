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
}
