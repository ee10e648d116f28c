package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.strategy.auto.AutoFamily;
import org.flexcode.aggregation.strategy.gcdc.GcdcFamily;
import org.flexcode.aggregation.strategy.ignore.IgnoreFamily;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code auto} in the model: the engine's mode chooser against the fixed strategies. */
@Tag("unit")
class AutoRuleTest {

  private static final Cluster EIGHT =
      Cluster.of(8, 2, 500).withCosts(new Costs(20, 0, 0, 0, 0, 0), 0);

  /** Over 200 iterations: auto's first iteration and its probes wait for the straggler (bsp). */
  private static double mean(String pattern, String rule) {
    return IterationModel.of(EIGHT, MachineDelays.parse(pattern))
        .run(Rule.parse(rule), 200, 42L)
        .meanMs();
  }

  @Test
  void parsesAndWritesItsSpec() {
    assertEquals("auto:exact=false", Rule.parse("auto").spec());
    assertEquals("auto:exact=true,chunks=2", Rule.parse("auto:exact=true,chunks=2").spec());
    assertThrows(IllegalArgumentException.class, () -> Rule.parse("auto:exact=maybe"));
    assertEquals("auto:exact=false,floor=0.75", Rule.parse("auto:floor=0.75").spec());
    assertEquals(
        "auto:exact=false",
        Rule.parse("auto:floor=" + AutoFamily.FLOOR).spec(),
        "the engine's default floor");
    assertThrows(IllegalArgumentException.class, () -> Rule.parse("auto:floor=0"));
  }

  @Test
  void leftOutParametersAreTheEnginesDefaults() {
    assertEquals(
        "steal:r=" + CopiesSpec.DEFAULT_COPIES + ",chunks=" + CopiesSpec.DEFAULT_CHUNKS,
        Rule.parse("steal").spec());
    assertEquals(
        "ignore:b=auto,floor=" + Checks.num(IgnoreFamily.FLOOR) + ",window=" + AutoFamily.WINDOW,
        Rule.parse("ignore:b=auto").spec());
    assertEquals("ignore:b=" + StrategyDefaults.IGNORED, Rule.parse("ignore").spec());
    assertEquals(
        "gcdc:s=" + StrategyDefaults.TOLERANCE + ",clusters=" + GcdcFamily.CLUSTERS,
        Rule.parse("gcdc").spec());
  }

  @Test
  void followsAPersistentStragglerAndStaysAtBspWithoutOne() {
    String persistent = "persistent:k=1,factor=4";
    double bsp = mean(persistent, "bsp");
    double steal = mean(persistent, "steal");
    double exact = mean(persistent, "auto:exact=true");
    assertTrue(exact < 0.6 * bsp, "auto:exact=true " + exact + " vs bsp " + bsp);
    assertTrue(exact <= 1.1 * steal, "auto:exact=true " + exact + " vs steal " + steal);
    double inexact = mean(persistent, "auto");
    assertTrue(inexact < 0.6 * bsp, "auto " + inexact + " vs bsp " + bsp);
    double ideal = mean("ideal", "bsp");
    assertEquals(ideal, mean("ideal", "auto"), 1e-9 * ideal, "nothing to gain: bsp throughout");
  }

  /**
   * In bsp mode after a straggler was seen (not calm) the engine runs the home work as chunk tasks,
   * which its scheduler hands to the idle holders of a slow executor's chunks: the model runs them
   * so too, not as block tasks that wait for the straggler.
   */
  @Test
  void bspModeAfterAStragglerRunsChunkTasksOverTheHolders() {
    String markov = "markov:slow=0.05,recover=0.3,factor=4";
    double steal = mean(markov, "steal");
    double exact = mean(markov, "auto:exact=true");
    // bsp mode's iterations as block tasks would each wait for a straggler: 1.15 x steal
    assertTrue(exact < 1.1 * steal, "auto:exact=true " + exact + " vs steal " + steal);
  }

  /**
   * With the workers' gradients measured to agree (the engine's spread, a small rho), leaving the
   * slowest half out keeps nearly an exact iteration's progress: under a persistent straggler auto
   * then runs ignore, which beats every exact mode; unmeasured, ignore is discounted by the half of
   * the records it leaves out and loses to steal.
   */
  @Test
  void aMeasuredGradientSpreadLetsIgnoreWinUnderAPersistentStraggler() {
    String persistent = "persistent:k=1,factor=4";
    Cluster agreeing = EIGHT.withGradientSpread(0.05);
    double measured =
        IterationModel.of(agreeing, MachineDelays.parse(persistent))
            .run(Rule.parse("auto"), 200, 42L)
            .meanMs();
    double ignoreHalf =
        IterationModel.of(agreeing, MachineDelays.parse(persistent))
            .run(Rule.parse("ignore:b=8"), 200, 42L)
            .meanMs();
    double unmeasured = mean(persistent, "auto");
    assertTrue(measured < 0.9 * unmeasured, "auto " + measured + " vs unmeasured " + unmeasured);
    assertTrue(measured < 1.1 * ignoreHalf, "auto " + measured + " vs ignore " + ignoreHalf);
  }
}
