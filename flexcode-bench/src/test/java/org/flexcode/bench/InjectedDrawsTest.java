package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.flexcode.cli.Args;
import org.flexcode.model.Costs;
import org.flexcode.model.MachineDelays;
import org.flexcode.model.ModelSummary;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.stragglers.TaskSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The model replays the very factors a run's injection drew, iteration by iteration. */
@Tag("unit")
class InjectedDrawsTest {

  private static final String SLOW = "slow-worker:p=0.2,max=2";

  @Test
  void samplerGivesTheInjectionsFactorPerExecutorAndIteration() {
    StragglerPattern pattern = StragglerPattern.parse(SLOW);
    MachineDelays.Sampler sampler = new InjectedDraws(pattern).sampler(7L, 8);
    double[] f = new double[8];
    for (int it = 1; it <= 30; it++) {
      sampler.next(f);
      for (int e = 0; e < 8; e++) {
        // Any task the executor runs in that iteration has this factor, whatever its partition.
        double injected = pattern.factor(7L, TaskSlot.of(Integer.toString(e), 3 + e, it, 0));
        assertEquals(injected, f[e], "executor " + e + ", iteration " + it);
      }
    }
  }

  @Test
  void replayedBspIsTheRunsOwnMeanOfTheSlowestExecutor() {
    // Emulated 8 x 2: E = 500 ms slowed, R = 165 ms not, launch 100, job 40.
    BenchShape shape = new BenchShape(8, 2, 16);
    CostCalibration calibration =
        new CostCalibration(
            500, new Costs(40, 100, 0, 0, 0, 0), null, 0.0, shape, List.of(), 165, 0);
    RowModel rows = new RowModel(calibration, shape, 7L);
    StragglerPattern pattern = StragglerPattern.parse(SLOW);
    double sum = 0;
    for (int it = 1; it <= 30; it++) {
      double max = 1;
      for (int e = 0; e < 8; e++) {
        max = Math.max(max, pattern.factor(7L, TaskSlot.of(Integer.toString(e), e, it, 0)));
      }
      sum += 40 + 100 + 165 + 500 * max;
    }
    ModelSummary replayed = rows.replayed("bsp", pattern.spec(), 30, Double.NaN);
    assertEquals(sum / 30, replayed.meanMs(), 1e-6);
    // Seed 7's first 30 iterations are a light sample: below the pattern's expectation.
    assertTrue(replayed.meanMs() < rows.model("bsp", pattern.spec()).meanMs());
  }

  @Test
  void bareIgnoreTakesBFromCores() {
    Args withCores = new Args("bench", new String[] {"--cores", "2"}, 0, Set.of("cores"));
    Args without = new Args("bench", new String[] {}, 0, Set.of("cores"));
    assertEquals("ignore:b=2", BenchRows.ignoreDefault("ignore", withCores));
    assertEquals("ignore:b=3", BenchRows.ignoreDefault("ignore:b=3", withCores));
    assertEquals("ignore", BenchRows.ignoreDefault("ignore", without));
    assertEquals("bsp", BenchRows.ignoreDefault("bsp", withCores));
  }
}
