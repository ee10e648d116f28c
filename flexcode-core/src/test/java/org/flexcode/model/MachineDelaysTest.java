package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.stragglers.StragglerPattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Each machine-level pattern's distribution (statistical bounds) and keying. */
@Tag("unit")
class MachineDelaysTest {

  private static final int EXECUTORS = 50;
  private static final int ITERATIONS = 400;

  /** All factors of {@code ITERATIONS} iterations, executor-major within an iteration. */
  private static double[] draws(String spec, long seed) {
    MachineDelays.Sampler sampler = MachineDelays.parse(spec).sampler(seed, EXECUTORS);
    double[] all = new double[EXECUTORS * ITERATIONS];
    double[] factors = new double[EXECUTORS];
    for (int it = 0; it < ITERATIONS; it++) {
      sampler.next(factors);
      System.arraycopy(factors, 0, all, it * EXECUTORS, EXECUTORS);
    }
    return all;
  }

  private static double share(double[] values, java.util.function.DoublePredicate p) {
    return (double) java.util.Arrays.stream(values).filter(p).count() / values.length;
  }

  @Test
  void slowWorkerSlowsAShareOfPOfTheExecutorsByOnePlusUniformMax() {
    double[] f = draws("slow-worker:p=0.2,max=2", 1L);
    assertEquals(0.2, share(f, x -> x > 1), 0.015);
    assertTrue(java.util.Arrays.stream(f).allMatch(x -> x >= 1 && x <= 3));
    double slowMean = java.util.Arrays.stream(f).filter(x -> x > 1).average().orElseThrow();
    assertEquals(2.0, slowMean, 0.05);
  }

  @Test
  void aDisruptedMachineRunsOnePlusIntensityTimesSlowerWithProbabilityP() {
    double[] f = draws("disrupted-machine:p=0.1,intensity=2", 4L);
    assertEquals(0.1, share(f, x -> x > 1), 0.01);
    assertTrue(java.util.Arrays.stream(f).allMatch(x -> x == 1 || x == 3), "factors 1 or 3");
  }

  @Test
  void powerLawHasTheParetoMeanAndTail() {
    for (double alpha : new double[] {4, 7, 11}) {
      double[] f = draws("power-law:alpha=" + alpha, 2L);
      double mean = java.util.Arrays.stream(f).average().orElseThrow();
      assertEquals(alpha / (alpha - 1), mean, 0.02, "alpha=" + alpha);
      assertEquals(Math.pow(1.5, -alpha), share(f, x -> x > 1.5), 0.01, "alpha=" + alpha);
    }
  }

  @Test
  void heavyTailSlowsAQuarterWithAFifthOfThemBeyondTwoAndAHalf() {
    double[] f = draws("heavy-tail", 3L);
    assertEquals(0.25, share(f, x -> x > 1), 0.015);
    assertEquals(0.05, share(f, x -> x > 2.5), 0.01);
    assertTrue(java.util.Arrays.stream(f).allMatch(x -> x <= 10));
  }

  @Test
  void persistentAndSkewHitTheFirstKExecutorsEveryIteration() {
    MachineDelays persistent = MachineDelays.parse("persistent:k=2,factor=4");
    MachineDelays skew = MachineDelays.parse("skew:k=3,load=1.75");
    double[] f = new double[6];
    MachineDelays.Sampler sampler = persistent.sampler(9L, 6);
    for (int it = 0; it < 5; it++) {
      sampler.next(f);
      assertArrayEquals(new double[] {4, 4, 1, 1, 1, 1}, f);
    }
    skew.sampler(9L, 6).next(f);
    assertArrayEquals(new double[] {1, 1, 1, 1, 1, 1}, f);
    assertEquals(1.75, skew.load(2));
    assertEquals(1.0, skew.load(3));
    assertEquals(1.0, persistent.load(0));
  }

  @Test
  void markovIsStationaryAndTimeCorrelated() {
    double[] f = draws("markov:slow=0.05,recover=0.3,factor=4", 4L);
    assertEquals(0.05 / 0.35, share(f, x -> x > 1), 0.02);
    int slowThenSlow = 0;
    int slow = 0;
    for (int it = 0; it + 1 < ITERATIONS; it++) {
      for (int e = 0; e < EXECUTORS; e++) {
        if (f[it * EXECUTORS + e] > 1) {
          slow++;
          slowThenSlow += f[(it + 1) * EXECUTORS + e] > 1 ? 1 : 0;
        }
      }
    }
    assertEquals(0.7, (double) slowThenSlow / slow, 0.04);
  }

  @Test
  void drawsAreKeyedOnSeedExecutorAndIteration() {
    for (String spec : List.of("slow-worker:p=0.3,max=2", "power-law:alpha=4", "markov")) {
      assertArrayEquals(draws(spec, 5L), draws(spec, 5L), spec);
      assertTrue(!java.util.Arrays.equals(draws(spec, 5L), draws(spec, 6L)), spec);
    }
    // another seed is another draw, not the same executors' draws permuted (seeds 1 and 7 were)
    double[] one = draws("markov", 1L);
    double[] seven = draws("markov", 7L);
    double[] oneOfSix = new double[ITERATIONS];
    double[] sevenOfZero = new double[ITERATIONS];
    for (int it = 0; it < ITERATIONS; it++) {
      oneOfSix[it] = one[it * EXECUTORS + 6];
      sevenOfZero[it] = seven[it * EXECUTORS];
    }
    assertTrue(!java.util.Arrays.equals(oneOfSix, sevenOfZero));
    // executor e's factor does not depend on how many executors there are
    double[] few = new double[4];
    double[] many = new double[40];
    MachineDelays d = MachineDelays.powerLaw(4);
    d.sampler(8L, 4).next(few);
    d.sampler(8L, 40).next(many);
    assertArrayEquals(few, java.util.Arrays.copyOf(many, 4));
  }

  @Test
  void specsRoundTripAndBadValuesAreNamed() {
    for (String spec :
        List.of(
            "ideal",
            "slow-worker:p=0.2,max=2",
            "power-law:alpha=4",
            "persistent:k=1,factor=4",
            "skew:k=1,load=1.75",
            "heavy-tail",
            "markov:slow=0.05,recover=0.3,factor=4")) {
      assertEquals(spec, MachineDelays.parse(spec).spec());
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MachineDelays.parse("slow-worker:p=2"));
    assertTrue(e.getMessage().contains("2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> MachineDelays.parse("nope"));
    assertThrows(IllegalArgumentException.class, () -> MachineDelays.parse("power-law:alpha=x"));
  }

  @Test
  void patternsAreTheEnginesWithTheEnginesDefaults() {
    // the engine's table fills in what a spec leaves out
    assertEquals("slow-worker:p=0.2,max=2", MachineDelays.parse("slow-worker").spec());
    assertEquals("markov:slow=0.05,recover=0.3,factor=4", MachineDelays.parse("markov").spec());
    assertEquals(
        MachineDelays.parse("skew:k=2").spec(),
        MachineDelays.of(StragglerPattern.parse("skew:k=2,load=1.75")).spec());
    // the engine's per-task pattern parses, and the model says it has no law
    IllegalArgumentException task =
        assertThrows(
            IllegalArgumentException.class, () -> MachineDelays.parse("slow-task:p=0.2,max=2"));
    assertTrue(task.getMessage().contains("per task attempt"), task.getMessage());
    assertEquals(
        "disrupted-machine:p=0.1,interval=1000,intensity=1.0",
        MachineDelays.parse("disrupted-machine").spec());
    // an unknown key is refused by the engine's table
    assertThrows(IllegalArgumentException.class, () -> MachineDelays.parse("heavy-tail:p=1"));
  }
}
