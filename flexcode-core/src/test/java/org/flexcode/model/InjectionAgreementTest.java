package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.stragglers.TaskSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model and the straggler injection agree: the model's machine-level factors have the
 * distribution the injection draws per (executor, iteration), and a task's duration slows only what
 * the injection slows (the emulated block, not the real compute beside it).
 */
@Tag("unit")
class InjectionAgreementTest {

  private static final int EXECUTORS = 8;
  private static final int ITERATIONS = 20_000;

  /** Mean, variance and share of factor-1 draws of one side. */
  private record Stats(double mean, double variance, double unslowed) {
    static Stats of(double[] v) {
      double mean = 0;
      int ones = 0;
      for (double x : v) {
        mean += x / v.length;
        ones += x == 1.0 ? 1 : 0;
      }
      double var = 0;
      for (double x : v) {
        var += (x - mean) * (x - mean) / (v.length - 1);
      }
      return new Stats(mean, var, ones / (double) v.length);
    }
  }

  private static double[] modelDraws(String spec) {
    MachineDelays.Sampler sampler = MachineDelays.parse(spec).sampler(11L, EXECUTORS);
    double[] out = new double[EXECUTORS * ITERATIONS];
    double[] f = new double[EXECUTORS];
    for (int it = 0; it < ITERATIONS; it++) {
      sampler.next(f);
      System.arraycopy(f, 0, out, it * EXECUTORS, EXECUTORS);
    }
    return out;
  }

  private static double[] injectionDraws(String spec) {
    StragglerPattern pattern = StragglerPattern.parse(spec);
    double[] out = new double[EXECUTORS * ITERATIONS];
    for (int it = 0; it < ITERATIONS; it++) {
      for (int e = 0; e < EXECUTORS; e++) {
        TaskSlot slot = TaskSlot.of(Integer.toString(e), e, it + 1, 0);
        out[it * EXECUTORS + e] = pattern.emulatedFactor(7L, slot);
      }
    }
    return out;
  }

  @Test
  void modelAndInjectionDrawTheSameFactorDistribution() {
    for (String spec :
        List.of("slow-worker:p=0.2,max=2", "power-law:alpha=4", "heavy-tail", "ideal")) {
      Stats model = Stats.of(modelDraws(spec));
      Stats injected = Stats.of(injectionDraws(spec));
      double se = Math.sqrt((model.variance() + injected.variance()) / (EXECUTORS * ITERATIONS));
      assertEquals(model.mean(), injected.mean(), 5 * se + 1e-12, spec + " mean factor");
      assertEquals(model.unslowed(), injected.unslowed(), 0.01, spec + " share of factor 1");
    }
  }

  @Test
  void slowWorkerFactorIsOnePlusUniformZeroMaxOnBothSides() {
    // 1 + U(0, max) with probability p: mean 1 + p max / 2 = 1.2, never above 1 + max = 3.
    for (double[] draws :
        List.of(modelDraws("slow-worker:p=0.2,max=2"), injectionDraws("slow-worker:p=0.2,max=2"))) {
      Stats s = Stats.of(draws);
      assertEquals(1.2, s.mean(), 0.01);
      assertEquals(0.8, s.unslowed(), 0.01);
      for (double x : draws) {
        assertTrue(x >= 1.0 && x <= 3.0, "factor " + x);
      }
    }
  }

  @Test
  void persistentSlowsTheSameExecutorOnBothSides() {
    double[] model = modelDraws("persistent:k=1,factor=4");
    double[] injected = injectionDraws("persistent:k=1,factor=4");
    for (int i = 0; i < EXECUTORS * 10; i++) {
      assertEquals(i % EXECUTORS == 0 ? 4.0 : 1.0, model[i], "model, executor " + i % EXECUTORS);
      assertEquals(model[i], injected[i], "injection, executor " + i % EXECUTORS);
    }
  }

  @Test
  void theFactorSlowsTheEmulatedBlockNotTheRealComputeBesideIt() {
    // E = 500 ms emulated (slowed), R = 165 ms real compute (not slowed), launch 100, job 40.
    Cluster cluster =
        new Cluster(8, 2, 16, 500, new Costs(40, 100, 0, 0, 0, 0), 0.0).withUnslowedBlockMs(165);
    assertEquals(100 + 165 + 4 * 500, cluster.taskMs(1, 1, 4), 1e-9);
    assertEquals(100 + 2 * (165 + 500), cluster.taskMs(2, 1, 1), 1e-9, "a coded task of 2 blocks");
    ModelSummary bsp =
        IterationModel.of(cluster, MachineDelays.parse("persistent:k=1,factor=4"))
            .run(Rule.bsp(), 10, 1L);
    assertEquals(40 + 100 + 165 + 4 * 500, bsp.meanMs(), 1e-9);
    ModelSummary ideal = IterationModel.of(cluster, MachineDelays.ideal()).run(Rule.bsp(), 10, 1L);
    assertEquals(40 + 100 + 165 + 500, ideal.meanMs(), 1e-9);
    // ignore:b=2 leaves the slow executor's two tasks out.
    ModelSummary ignore =
        IterationModel.of(cluster, MachineDelays.parse("persistent:k=1,factor=4"))
            .run(Rule.ignore(2), 10, 1L);
    assertEquals(ideal.meanMs(), ignore.meanMs(), 1e-9);
  }
}
