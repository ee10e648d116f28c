package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code flexrr} in the model: the engine's flexrr decoder and launches over steal's simulation;
 * staleness 0 is steal; a chunk all of whose holders straggle is applied late instead of waited
 * for, never more than k iterations old.
 */
@Tag("unit")
class FlexrrRuleTest {

  /** Eight two-core executors, 500 ms per block, four chunks per block. */
  private static final Cluster EIGHT = Cluster.of(8, 2, 500);

  private static final double[] LOADS = {1, 1, 1, 1, 1, 1, 1, 1};

  /** Executors 0 and 1 four times slower: with r=2, chunk 0 (block 0's first piece) has both. */
  private static final double[] TWO_SLOW = {4, 4, 1, 1, 1, 1, 1, 1};

  private static ModelSummary summary(String pattern, Rule rule) {
    return IterationModel.of(EIGHT, MachineDelays.parse(pattern)).run(rule, 40, 7L);
  }

  @Test
  void theEnginesSpecGivesTheRuleAndStalenessZeroIsSteal() {
    assertEquals("flexrr:staleness=1", Rule.parse("flexrr:staleness=1").spec());
    assertEquals("flexrr:staleness=2,r=2", Rule.parse("flexrr:staleness=2,r=2,chunks=4").spec());
    for (String pattern : List.of("persistent:k=2,factor=4", "slow-worker:p=0.3,max=3")) {
      ModelSummary steal = summary(pattern, Rule.steal(2, 4));
      ModelSummary flexrr = summary(pattern, Rule.parse("flexrr:staleness=0,r=2"));
      assertEquals(steal.meanMs(), flexrr.meanMs(), 1e-9, pattern);
      assertEquals(steal.p95Ms(), flexrr.p95Ms(), 1e-9, pattern);
      assertEquals(steal.computedTaskSeconds(), flexrr.computedTaskSeconds(), 1e-9, pattern);
      assertEquals(steal.wastedTaskSeconds(), flexrr.wastedTaskSeconds(), 1e-9, pattern);
    }
  }

  @Test
  void withoutStragglersFlexrrRunsAsStealAndAppliesNothingLate() {
    double[] ideal = new double[8];
    Arrays.fill(ideal, 1);
    Rule.Simulation steal = Rule.steal(2, 4).prepare(EIGHT);
    StealSimulation flexrr = (StealSimulation) Rule.flexrr(1, 2, 4).prepare(EIGHT);
    for (int it = 0; it < 5; it++) {
      assertEquals(steal.run(ideal, LOADS), flexrr.run(ideal, LOADS), "iteration " + it);
      assertTrue(flexrr.staleAges().isEmpty(), "iteration " + it + ": " + flexrr.staleAges());
    }
  }

  @Test
  void theChunkLeftOutKeepsItsCoreAndIsAppliedAsComputedInItsIterationBeforeKIsExceeded() {
    // three one-core executors, one 300 ms chunk per block, r=2: chunk 0 on executors 0 and 1,
    // chunk 1 on 1 and 2, chunk 2 on 2 and 0. Executor 1 runs chunk 1 at factor 10 (3,000 ms).
    double[] factors = {1, 10, 1};
    double[] loads = {1, 1, 1};
    StealSimulation flexrr = (StealSimulation) Rule.flexrr(1, 2, 1).prepare(Cluster.of(3, 1, 300));
    // at 300 ms chunks 0 and 2 are in: no copy due yet, and one chunk may be left out
    IterationOutcome first = flexrr.run(factors, loads);
    assertEquals(new IterationOutcome(300, 900, 0), first);
    assertTrue(flexrr.staleAges().isEmpty());
    // chunk 1 runs on, holding executor 1, and gets no copy; it has lagged one iteration, so this
    // one waits for it: 2,700 ms left, its result applied one iteration old
    IterationOutcome second = flexrr.run(factors, loads);
    assertEquals(new IterationOutcome(2700, 300 + 300 + 2700, 0), second);
    assertEquals(Map.of(1, 1), flexrr.staleAges());
  }

  @Test
  void aChunkWhoseHoldersAllStraggleIsAppliedLateAtMostKIterationsOld() {
    for (int k = 1; k <= 2; k++) {
      StealSimulation flexrr = (StealSimulation) Rule.flexrr(k, 2, 4).prepare(EIGHT);
      Rule.Simulation steal = Rule.steal(2, 4).prepare(EIGHT);
      double flexrrMs = 0;
      double stealMs = 0;
      List<Integer> ages = new ArrayList<>();
      for (int it = 0; it < 40; it++) {
        flexrrMs += flexrr.run(TWO_SLOW, LOADS).spanMs();
        stealMs += steal.run(TWO_SLOW, LOADS).spanMs();
        ages.addAll(flexrr.staleAges().values());
      }
      assertTrue(flexrrMs < stealMs, "k=" + k + ": flexrr " + flexrrMs + " vs steal " + stealMs);
      assertTrue(ages.size() >= 3, "k=" + k + ": chunks applied late " + ages);
      int oldest = ages.stream().mapToInt(Integer::intValue).max().orElse(0);
      assertTrue(oldest <= k, "k=" + k + ": a result " + oldest + " iterations old");
      assertTrue(oldest >= 1);
    }
  }
}
