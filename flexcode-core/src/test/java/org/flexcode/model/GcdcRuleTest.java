package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code gcdc} in the model: the engine's former against the static codes. */
@Tag("unit")
class GcdcRuleTest {

  private static final Cluster EIGHT_BY_TWO = Cluster.of(8, 2, 500);

  private static double mean(String pattern, String rule) {
    return mean(pattern, rule, 42L);
  }

  private static double mean(String pattern, String rule, long seed) {
    return IterationModel.of(EIGHT_BY_TWO, MachineDelays.parse(pattern))
        .run(Rule.parse(rule), 400, seed)
        .meanMs();
  }

  @Test
  void parsesAndWritesItsSpec() {
    assertEquals("gcdc:s=1,clusters=2", Rule.parse("gcdc").spec());
    assertEquals("gcdc:s=1,clusters=4", Rule.parse("gcdc:clusters=4").spec());
    IllegalArgumentException shape =
        assertThrows(
            IllegalArgumentException.class,
            () -> Rule.parse("gcdc:s=1,clusters=3").prepare(EIGHT_BY_TWO));
    assertTrue(shape.getMessage().contains("clusters=3"), shape.getMessage());
  }

  @Test
  void costsWhatFrcCostsWithoutStragglersAndSpreadsPersistentOnes() {
    assertEquals(mean("ideal", "frc:s=1"), mean("ideal", "gcdc:s=1,clusters=2"), 1e-9);
    String markov = "markov:slow=0.05,recover=0.3,factor=4";
    double gcdc = mean(markov, "gcdc:s=1,clusters=2");
    double cyclic = mean(markov, "cyclic:s=1");
    assertTrue(gcdc < cyclic, "gcdc " + gcdc + " vs cyclic " + cyclic);
    // knowing each task's executor, gcdc keeps FRC's one-partner-per-executor shape while moving
    // the pairs the last iteration predicts will collide: at or below frc whatever the seed
    for (long seed : new long[] {1L, 7L, 42L}) {
      double gcdcMean = mean(markov, "gcdc:s=1,clusters=2", seed);
      double frc = mean(markov, "frc:s=1", seed);
      assertTrue(gcdcMean <= frc, "seed " + seed + ": gcdc " + gcdcMean + " vs frc " + frc);
    }
    double persistentGcdc = mean("persistent:k=2,factor=4", "gcdc:s=1,clusters=2");
    double persistentFrc = mean("persistent:k=2,factor=4", "frc:s=1");
    // executors 0 and 1 hold both copies of FRC groups 0 and 4: frc waits for them every
    // iteration; gcdc sees them straggle once and spreads them over the clusters from then on
    assertTrue(persistentGcdc < 0.5 * persistentFrc, persistentGcdc + " vs " + persistentFrc);
  }
}
