package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Each pattern's distribution over many seeded draws (bounds of about 5 standard errors). */
@Tag("unit")
class StragglerPatternTest {

  static final int DRAWS = 20_000;
  static final long COMPUTE_MS = 1_000;

  @Test
  void idealNeverDelays() {
    StragglerPattern ideal = StragglerPattern.parse("ideal");
    for (int i = 0; i < 1_000; i++) {
      assertEquals(0, ideal.delayMs(1, i, "0", i, 0, COMPUTE_MS));
    }
  }

  @Test
  void slowWorkerDelaysAFractionPUniformlyUpToMaxTimesCompute() {
    StragglerPattern pattern = StragglerPattern.parse("slow-worker:p=0.2,max=2");
    int delayed = 0;
    double sum = 0;
    long max = 0;
    for (int i = 0; i < DRAWS; i++) {
      long d = pattern.delayMs(7, i % 16, "0", i / 16, 0, COMPUTE_MS);
      if (d > 0) {
        delayed++;
        sum += d;
        max = Math.max(max, d);
      }
    }
    double fraction = (double) delayed / DRAWS;
    assertEquals(0.2, fraction, 0.015, "fraction delayed");
    assertEquals(1_000, sum / delayed, 40, "mean delay of the delayed: U(0, 2) x 1000 ms");
    assertTrue(max <= 2_000 && max > 1_950, "max " + max);
  }

  @Test
  void heavyTailSlowsAQuarterWithAnEightyTwentySplit() {
    StragglerPattern pattern = StragglerPattern.parse("heavy-tail");
    int slow = 0;
    int moderate = 0;
    for (int i = 0; i < DRAWS; i++) {
      long d = pattern.delayMs(3, i, "1", 0, 0, COMPUTE_MS);
      if (d > 0) {
        slow++;
        double factor = 1 + d / (double) COMPUTE_MS;
        assertTrue(factor >= 1.5 && factor <= 10.0, "factor " + factor);
        if (factor <= 2.5) {
          moderate++;
        }
      }
    }
    assertEquals(0.25, (double) slow / DRAWS, 0.015);
    assertEquals(0.8, (double) moderate / slow, 0.03);
  }

  @Test
  void powerLawHasTheParetoMean() {
    StragglerPattern pattern = StragglerPattern.parse("power-law:alpha=4");
    double sum = 0;
    for (int i = 0; i < DRAWS; i++) {
      sum += pattern.delayMs(11, i, "0", 0, 0, COMPUTE_MS);
    }
    // E[(1-u)^(-1/a) - 1] = 1/(a-1) for a > 1
    assertEquals(COMPUTE_MS / 3.0, sum / DRAWS, 25);
  }

  @Test
  void persistentFollowsTheExecutorNotThePartition() {
    StragglerPattern pattern = StragglerPattern.parse("persistent:k=1,factor=4");
    for (int partition = 0; partition < 50; partition++) {
      assertEquals(3_000, pattern.delayMs(1, partition, "0", partition, 0, COMPUTE_MS));
      assertEquals(0, pattern.delayMs(1, partition, "1", partition, 0, COMPUTE_MS));
      assertEquals(0, pattern.delayMs(1, partition, "3", partition, 0, COMPUTE_MS));
    }
    assertEquals(3_000, pattern.delayMs(1, 5, "driver", 0, 0, COMPUTE_MS), "local mode");
  }

  @Test
  void disruptedMachineDisruptsAnExecutorAFractionPOfIntervals() {
    Patterns.DisruptedMachine pattern =
        (Patterns.DisruptedMachine) StragglerPattern.parse("disrupted-machine:p=0.1,interval=500");
    int disrupted = 0;
    for (int interval = 0; interval < DRAWS; interval++) {
      if (pattern.disrupted(5, "2", interval)) {
        disrupted++;
      }
    }
    assertEquals(0.1, (double) disrupted / DRAWS, 0.012);
    assertEquals(0, pattern.delayMs(5, 1, "2", 1, 0, COMPUTE_MS), "contention, not sleep");
  }

  @Test
  void sameSeedSameDraws() {
    StragglerPattern pattern = StragglerPattern.parse("slow-worker:p=0.5,max=3");
    for (int i = 0; i < 100; i++) {
      assertEquals(
          pattern.delayMs(42, i, "0", 3, 0, COMPUTE_MS),
          pattern.delayMs(42, i, "7", 3, 0, COMPUTE_MS));
    }
    long differ = 0;
    for (int i = 0; i < 100; i++) {
      if (pattern.delayMs(42, i, "0", 3, 0, COMPUTE_MS)
          != pattern.delayMs(43, i, "0", 3, 0, COMPUTE_MS)) {
        differ++;
      }
    }
    assertTrue(differ > 30, "another seed draws otherwise");
  }

  @Test
  void rejectsBadSpecsNamingThem() {
    assertMessage("fast", "unknown straggler pattern 'fast'");
    assertMessage("slow-worker:p=2", "slow-worker: p must be in [0, 1], got 2.0");
    assertMessage("slow-worker:q=1", "unknown parameter 'q'; expected p, max");
    assertMessage("persistent:k=1.5", "k must be an integer, got 1.5");
    assertMessage("power-law:alpha=x", "alpha must be a number, got 'x'");
    assertMessage("heavy-tail:p=1", "(it takes none)");
    assertEquals("slow-worker:p=0.2,max=2.0", StragglerPattern.parse("slow-worker").spec());
  }

  @Test
  void everyPatternParsesBackFromItsSpecToAnEqualValue() {
    for (String spec :
        java.util.List.of(
            "ideal",
            "slow-worker",
            "slow-worker:p=0.5,max=3",
            "power-law:alpha=2.5",
            "persistent:k=2,factor=3",
            "disrupted-machine:p=0.2,interval=250",
            "heavy-tail")) {
      StragglerPattern pattern = StragglerPattern.parse(spec);
      assertEquals(pattern, StragglerPattern.parse(pattern.spec()), spec);
    }
    assertEquals(StragglerPattern.ideal(), StragglerPattern.parse(" IDEAL "));
    assertEquals("persistent:k=1,factor=4.0", StragglerPattern.parse("persistent").spec());
  }

  @Test
  void namesTheBadKeyOrValueThroughTheSharedGrammar() {
    assertMessage(
        "slow-worker:p", "straggler pattern 'slow-worker:p': expected key=value, got 'p'");
    assertMessage("persistent:k=x", "k must be an integer, got 'x'");
    assertMessage("", "empty straggler pattern; expected one of ideal");
  }

  private static void assertMessage(String spec, String fragment) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StragglerPattern.parse(spec));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }
}
