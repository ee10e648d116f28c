package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each pattern's distribution of factors over many seeded (executor, iteration) draws (bounds of
 * about 5 standard errors), and that worker-level patterns follow the executor within an iteration.
 */
@Tag("unit")
class StragglerPatternTest {

  static final int DRAWS = 20_000;
  static final long COMPUTE_MS = 1_000;
  static final int EXECUTORS = 16;

  /** The factor of executor {@code i % EXECUTORS} in iteration {@code i / EXECUTORS}. */
  static double workerFactor(StragglerPattern pattern, long seed, int i) {
    return pattern.factor(seed, new TaskSlot(String.valueOf(i % EXECUTORS), 0, i / EXECUTORS, 0));
  }

  @Test
  void idealNeverDelays() {
    StragglerPattern ideal = StragglerPattern.parse("ideal");
    for (int i = 0; i < 1_000; i++) {
      assertEquals(0, ideal.delayMs(1, i, "0", i, 0, COMPUTE_MS));
      assertEquals(1.0, workerFactor(ideal, 1, i));
    }
  }

  @Test
  void slowWorkerSlowsAFractionPOfExecutorIterationsUniformlyUpToMax() {
    StragglerPattern pattern = StragglerPattern.parse("slow-worker:p=0.2,max=2");
    int slowed = 0;
    double sum = 0;
    double max = 0;
    for (int i = 0; i < DRAWS; i++) {
      double f = workerFactor(pattern, 7, i);
      assertTrue(f >= 1 && f <= 3, "factor " + f);
      if (f > 1) {
        slowed++;
        sum += f - 1;
        max = Math.max(max, f);
      }
    }
    assertEquals(0.2, (double) slowed / DRAWS, 0.015, "fraction slowed");
    assertEquals(1.0, sum / slowed, 0.04, "mean extra of the slowed: U(0, 2)");
    assertTrue(max > 2.95, "max " + max);
  }

  @Test
  void slowTaskDelaysAFractionPOfTasksUniformlyUpToMaxTimesCompute() {
    StragglerPattern pattern = StragglerPattern.parse("slow-task:p=0.2,max=2");
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

  @ParameterizedTest
  @ValueSource(
      strings = {
        "slow-worker:p=0.5,max=3",
        "power-law:alpha=4",
        "heavy-tail",
        "markov:slow=0.3,recover=0.3,factor=4",
        "persistent:k=2,factor=3",
        "skew:k=1,load=1.75"
      })
  void workerLevelPatternsGiveEveryTaskOfAnExecutorTheSameFactorInAnIteration(String spec) {
    StragglerPattern pattern = StragglerPattern.parse(spec);
    int differing = 0;
    for (int iteration = 0; iteration < 200; iteration++) {
      for (String executor : List.of("0", "1", "5")) {
        double first = pattern.factor(3, new TaskSlot(executor, 0, iteration, 0));
        for (int partition = 1; partition < 12; partition++) {
          int attempt = partition % 2;
          TaskSlot slot = new TaskSlot(executor, partition, iteration, attempt);
          assertEquals(first, pattern.factor(3, slot), spec + " " + slot);
        }
        if (first != pattern.factor(3, new TaskSlot(executor, 0, iteration + 1, 0))) {
          differing++;
        }
      }
    }
    boolean varies = !spec.startsWith("persistent") && !spec.startsWith("skew");
    assertEquals(varies, differing > 0, spec + ": the factor varies across iterations");
  }

  @Test
  void seedsDrawDifferentStragglersNotTheSameOnesOnPermutedExecutors() {
    // The slowest factor over executors "0".."7" in each of 30 iterations: with the seed XOR-ed
    // into the executor's hash, seeds 0..7 drew the same eight streams, permuted, so the same
    // slowest factors in every iteration.
    StragglerPattern pattern = StragglerPattern.parse("slow-worker:p=0.2,max=2");
    java.util.Set<java.util.List<Double>> samples = new java.util.HashSet<>();
    for (long seed = 0; seed < 8; seed++) {
      java.util.List<Double> slowest = new java.util.ArrayList<>();
      for (int iteration = 1; iteration <= 30; iteration++) {
        double max = 1;
        for (int e = 0; e < EXECUTORS; e++) {
          max =
              Math.max(max, pattern.factor(seed, new TaskSlot(String.valueOf(e), 0, iteration, 0)));
        }
        slowest.add(max);
      }
      samples.add(slowest);
    }
    assertEquals(8, samples.size(), "seeds 0..7 must draw eight different samples");
  }

  @Test
  void slowTaskDrawsPerTaskNotPerExecutor() {
    StragglerPattern pattern = StragglerPattern.parse("slow-task:p=0.5,max=3");
    int differing = 0;
    for (int partition = 1; partition < 100; partition++) {
      if (pattern.factor(3, new TaskSlot("0", partition, 1, 0))
          != pattern.factor(3, new TaskSlot("0", 0, 1, 0))) {
        differing++;
      }
    }
    assertTrue(differing > 30, "tasks of one executor draw apart: " + differing);
  }

  @Test
  void heavyTailSlowsAQuarterWithAnEightyTwentySplit() {
    StragglerPattern pattern = StragglerPattern.parse("heavy-tail");
    int slow = 0;
    int moderate = 0;
    for (int i = 0; i < DRAWS; i++) {
      double factor = workerFactor(pattern, 3, i);
      if (factor > 1) {
        slow++;
        assertTrue(factor >= 1.5 && factor <= 10.0, "factor " + factor);
        if (factor <= 2.5) {
          moderate++;
        }
      }
    }
    assertEquals(0.25, (double) slow / DRAWS, 0.015);
    assertEquals(0.8, (double) moderate / slow, 0.03);
  }

  @ParameterizedTest
  @ValueSource(doubles = {4, 7, 11})
  void powerLawHasTheParetoMeanAndTail(double alpha) {
    StragglerPattern pattern = StragglerPattern.parse("power-law:alpha=" + alpha);
    double sum = 0;
    int beyondTwo = 0;
    for (int i = 0; i < DRAWS; i++) {
      double f = workerFactor(pattern, 11, i);
      assertTrue(f >= 1, "factor " + f);
      sum += f - 1;
      beyondTwo += f > 2 ? 1 : 0;
    }
    // E[(1-u)^(-1/a) - 1] = 1/(a-1) for a > 1; P(f > 2) = 2^-a
    double mean = 1 / (alpha - 1);
    assertEquals(mean, sum / DRAWS, 0.08 * mean, "mean extra at alpha " + alpha);
    double tail = Math.pow(2, -alpha);
    double se = Math.sqrt(tail * (1 - tail) / DRAWS);
    assertEquals(tail, (double) beyondTwo / DRAWS, 5 * se + 1e-4, "P(f > 2) at alpha " + alpha);
  }

  @Test
  void persistentFollowsTheExecutorNotThePartition() {
    StragglerPattern pattern = StragglerPattern.parse("persistent:k=1,factor=4");
    for (int partition = 0; partition < 50; partition++) {
      assertEquals(3_000, pattern.delayMs(1, partition, "0", partition, 0, COMPUTE_MS));
      assertEquals(0, pattern.delayMs(1, partition, "1", partition, 0, COMPUTE_MS));
      assertEquals(0, pattern.delayMs(1, partition, "3", partition, 0, COMPUTE_MS));
    }
  }

  @Test
  void localModeSlowsOnlyTheVirtualExecutorsBelowKNotEveryTaskOfTheDriver() {
    StragglerPattern pattern = StragglerPattern.parse("persistent:k=1,factor=4");
    assertEquals(3_000, pattern.delayMs(1, 0, "driver", 0, 0, COMPUTE_MS), "partition 0");
    for (int partition = 1; partition < 50; partition++) {
      assertEquals(0, pattern.delayMs(1, partition, "driver", 2, 0, COMPUTE_MS), "p" + partition);
    }
    assertEquals("local-7", TaskSlot.of("driver", 7, 1, 0).executor());
    assertEquals(-1, new TaskSlot("exec-a", 0, 0, 0).executorNumber(), "no slow slot");
    assertEquals(1.0, pattern.factor(1, new TaskSlot("exec-a", 0, 0, 0)));
  }

  @Test
  void skewScalesTheFirstKExecutorsByTheirLoad() {
    StragglerPattern pattern = StragglerPattern.parse("skew:k=2");
    assertEquals("skew:k=2,load=1.75", pattern.spec());
    for (int iteration = 0; iteration < 20; iteration++) {
      assertEquals(1.75, pattern.factor(1, new TaskSlot("0", 3, iteration, 0)));
      assertEquals(1.75, pattern.factor(1, new TaskSlot("1", 4, iteration, 0)));
      assertEquals(1.0, pattern.factor(1, new TaskSlot("2", 5, iteration, 0)));
    }
    assertEquals(
        1.5, StragglerPattern.parse("skew:k=1,load=1.5").factor(1, TaskSlot.of("0", 0, 0, 0)));
  }

  @Test
  void markovSpendsTheStationaryShareSlowWithCorrelatedRuns() {
    WorkerPatterns.Markov pattern =
        (WorkerPatterns.Markov) StragglerPattern.parse("markov:slow=0.05,recover=0.3,factor=4");
    int slow = 0;
    int runs = 0;
    int iterations = 4_000;
    for (int e = 0; e < 20; e++) {
      String executor = String.valueOf(e);
      boolean before = false;
      for (int t = 0; t < iterations; t++) {
        double f = pattern.factor(9, new TaskSlot(executor, t % 7, t, 0));
        assertTrue(f == 1.0 || f == 4.0, "factor " + f);
        boolean now = f == 4.0;
        slow += now ? 1 : 0;
        runs += now && !before ? 1 : 0;
        before = now;
      }
    }
    double share = (double) slow / (20 * iterations);
    assertEquals(0.05 / 0.35, share, 0.02, "stationary slow share slow/(slow+recover)");
    assertEquals(1 / 0.3, (double) slow / runs, 0.4, "mean slow run 1/recover");
  }

  @Test
  void markovStateIsTheSameWhicheverIterationIsAskedFirst() {
    StragglerPattern pattern = StragglerPattern.parse("markov:slow=0.2,recover=0.2,factor=3");
    double[] forward = new double[300];
    for (int t = 0; t < 300; t++) {
      forward[t] = pattern.factor(21, new TaskSlot("4", 0, t, 0));
    }
    StragglerPattern copy = StragglerPattern.parse(pattern.spec());
    for (int t = 299; t >= 0; t -= 7) {
      assertEquals(forward[t], copy.factor(21, new TaskSlot("4", 1, t, 0)), "iteration " + t);
    }
    double otherSeed = 0;
    for (int t = 0; t < 300; t++) {
      otherSeed += pattern.factor(22, new TaskSlot("4", 0, t, 0)) == forward[t] ? 0 : 1;
    }
    assertTrue(otherSeed > 10, "another seed draws another chain");
  }

  @Test
  void disruptedMachineDisruptsAnExecutorAFractionPOfIntervals() {
    DisruptedMachine pattern =
        (DisruptedMachine) StragglerPattern.parse("disrupted-machine:p=0.1,interval=500");
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
  void disruptedMachineSlowsEmulatedComputeByOnePlusIntensityAFractionP() {
    StragglerPattern pattern = StragglerPattern.parse("disrupted-machine:p=0.1,intensity=2");
    assertEquals(6, ((DisruptedMachine) pattern).hogThreads(3), "intensity x cores threads");
    int hit = 0;
    for (int i = 0; i < DRAWS; i++) {
      TaskSlot slot = new TaskSlot(String.valueOf(i % EXECUTORS), i % 5, i / EXECUTORS, 0);
      double f = pattern.emulatedFactor(5, slot);
      assertTrue(f == 1.0 || f == 3.0, "factor " + f);
      hit += f == 3.0 ? 1 : 0;
      assertEquals(1.0, pattern.factor(5, slot), "real compute: threads, not factors");
    }
    assertEquals(0.1, (double) hit / DRAWS, 0.012);
  }

  @Test
  void sameSeedSameDraws() {
    StragglerPattern pattern = StragglerPattern.parse("slow-task:p=0.5,max=3");
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
    assertMessage("markov:recover=0", "markov: recover must be in (0, 1], got 0.0");
    assertMessage("skew:load=0.5", "skew: load must be >= 1, got 0.5");
    assertMessage("disrupted-machine:intensity=-1", "intensity must be in [0, 16], got -1.0");
    assertEquals("slow-worker:p=0.2,max=2.0", StragglerPattern.parse("slow-worker").spec());
  }

  @Test
  void everyPatternParsesBackFromItsSpecToAnEqualValue() {
    for (String spec :
        List.of(
            "ideal",
            "slow-worker",
            "slow-worker:p=0.5,max=3",
            "slow-task:p=0.5,max=3",
            "power-law:alpha=2.5",
            "persistent:k=2,factor=3",
            "skew:k=3,load=1.5",
            "markov",
            "markov:slow=0.1,recover=0.5,factor=2",
            "disrupted-machine:p=0.2,interval=250",
            "disrupted-machine:p=0.2,interval=250,intensity=2",
            "heavy-tail")) {
      StragglerPattern pattern = StragglerPattern.parse(spec);
      assertEquals(pattern, StragglerPattern.parse(pattern.spec()), spec);
    }
    assertEquals(StragglerPattern.ideal(), StragglerPattern.parse(" IDEAL "));
    assertEquals("persistent:k=1,factor=4.0", StragglerPattern.parse("persistent").spec());
    assertEquals(
        "markov:slow=0.05,recover=0.3,factor=4.0", StragglerPattern.parse("markov").spec());
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
