package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.flexcode.adaptive.internal.StealHome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model's steal rule on hand-made factors: late copies of a slow executor's running chunk, and
 * the engine's avoidance of an executor slow in two iterations in a row.
 */
@Tag("unit")
class StealSimulationTest {

  /** Four one-core executors, 400 ms per block: four chunks of 100 ms each, no launch cost. */
  private static final Cluster CLUSTER = Cluster.of(4, 1, 400);

  private static final double[] LOADS = {1, 1, 1, 1};

  @Test
  void aSlowExecutorsRunningChunkGetsALateCopyOnItsOtherHolderWhichWins() {
    double[] slow = {10, 1, 1, 1};
    // executor 0's chunk 0 would run 1,000 ms; its chunks 1-3 are taken by their other holders at
    // 400 ms; at 500 ms executor 1 (chunk 0's other holder) is free, chunk 0 has run over 1.5 x the
    // median 100 ms: its late copy ends at 600 ms, and the home copy ran until then for nothing
    IterationOutcome o = Rule.steal(2, 4).prepare(CLUSTER).run(slow, LOADS);
    assertEquals(600, o.spanMs(), 1e-9);
    assertEquals(600, o.wastedTaskMs(), 1e-9);
    assertEquals(15 * 100 + 100 + 600, o.computedTaskMs(), 1e-9);
    IterationOutcome noLate = Rule.steal(2, 4, 0).prepare(CLUSTER).run(slow, LOADS);
    assertEquals(1000, noLate.spanMs(), 1e-9);
    assertEquals(0, noLate.wastedTaskMs(), 1e-9);
  }

  @Test
  void aChunkStartedByAFactorTwoExecutorAsItsHolderGoesIdleIsCopiedThereAndTheCopyWins() {
    double[] slow = {2, 1, 1, 1};
    // home work as chunk tasks: executor 0 runs a chunk in 200 ms, the others in 100 ms. At 400 ms
    // executor 0 starts its third chunk; its other holder is idle then, and executor 0's copies
    // have taken 200 ms against a median of 100: a copy there arrives first (500 ms). The late
    // copy alone (after 1.5 x 100 ms) would end at 650 ms, after the home copy's 600 ms.
    IterationOutcome o = Rule.steal(2, 4, 1.5, StealHome.CHUNKS).prepare(CLUSTER).run(slow, LOADS);
    assertEquals(500, o.spanMs(), 1e-9);
    assertEquals(100, o.wastedTaskMs(), 1e-9, "the home copy, run until the iteration ended");
    IterationOutcome none = Rule.steal(2, 4, 0, StealHome.CHUNKS).prepare(CLUSTER).run(slow, LOADS);
    assertEquals(600, none.spanMs(), 1e-9);
  }

  @Test
  void anExecutorSlowInTwoIterationsInARowAfterTheColdFirstIsLeftWithoutWorkInTheNext() {
    double[] slow = {4, 1, 1, 1};
    Rule.Simulation steal = Rule.steal(2, 4).prepare(CLUSTER);
    IterationOutcome first = steal.run(slow, LOADS); // iteration 0: not counted
    steal.run(slow, LOADS);
    assertEquals(first.spanMs(), steal.run(slow, LOADS).spanMs(), 1e-9, "not avoided yet");
    IterationOutcome avoided = steal.run(slow, LOADS);
    // executor 0 avoided: its four chunks go to their other holders (1, 2, 3, 1); executor 1 runs
    // its own four and two more, no chunk runs twice, nothing on executor 0
    assertEquals(600, avoided.spanMs(), 1e-9);
    assertEquals(1600, avoided.computedTaskMs(), 1e-9);
    assertEquals(0, avoided.wastedTaskMs(), 1e-9);
    assertTrue(first.computedTaskMs() > 1600, "executor 0 computed at factor 4 before: " + first);
  }

  @Test
  void withoutStragglersEveryChunkRunsOnceOnItsHome() {
    double[] ideal = new double[8];
    Arrays.fill(ideal, 1);
    double[] loads = ideal.clone();
    Rule.Simulation steal = Rule.steal(2, 4).prepare(Cluster.of(8, 2, 400));
    for (int it = 0; it < 3; it++) {
      IterationOutcome o = steal.run(ideal, loads);
      assertEquals(400, o.spanMs(), 1e-9);
      assertEquals(16 * 400, o.computedTaskMs(), 1e-9);
      assertEquals(0, o.wastedTaskMs(), 1e-9);
    }
  }

  @Test
  void aSlowBlockTasksChunksGoToFreeHoldersOnceItRunsALittleOverTheMedian() {
    double[] slow = {3, 1, 1, 1};
    // home work as block tasks: executor 0's block would run 1,200 ms; the others end at 400 ms
    // (12 of 16 chunks in, median 400), so once it has run over 1.1 x 400 = 440 ms (at 441 on the
    // engine's clock of whole ms) its chunks 0, 1, 2 go to their idle other holders 1, 2, 3
    // (ending at 541) and chunk 3 to executor 1 once that is idle again (641)
    Rule.Simulation block = Rule.steal(2, 4, 1.5, StealHome.BLOCK).prepare(CLUSTER);
    IterationOutcome o = block.run(slow, LOADS);
    assertEquals(641, o.spanMs(), 1e-9);
    assertEquals(641, o.wastedTaskMs(), 1e-9, "the block task, killed at the end");
    assertEquals(3 * 400 + 641 + 4 * 100, o.computedTaskMs(), 1e-9);
  }

  @Test
  void withoutStragglersBlockTasksRunEachBlockOnceAtItsHome() {
    double[] ideal = {1, 1, 1, 1};
    Rule.Simulation block = Rule.steal(2, 4, 1.5, StealHome.BLOCK).prepare(CLUSTER);
    for (int it = 0; it < 3; it++) {
      IterationOutcome o = block.run(ideal, LOADS);
      assertEquals(400, o.spanMs(), 1e-9);
      assertEquals(4 * 400, o.computedTaskMs(), 1e-9);
      assertEquals(0, o.wastedTaskMs(), 1e-9);
    }
  }

  @Test
  void onOneSharedHostWorkMovedToTheTailRunsFasterThanOnDedicatedCores() {
    // 400 ms per block slowed by the factor, 400 not (real compute sharing one host's core)
    Cluster dedicated = new Cluster(4, 1, 4, 400, Costs.none(), 0.0, 400, 0);
    Cluster shared = dedicated.withHostCores(1);
    assertEquals(1.0, shared.contention(4), 1e-12);
    assertEquals(0.5, shared.contention(2), 1e-12);
    assertEquals(0.25, shared.contention(1), 1e-12);
    assertEquals(1.0, dedicated.contention(1), 1e-12);
    double[] ideal = {1, 1, 1, 1};
    assertEquals(
        Rule.steal(2, 4).prepare(dedicated).run(ideal, LOADS).spanMs(),
        Rule.steal(2, 4).prepare(shared).run(ideal, LOADS).spanMs(),
        1e-9,
        "every task starts with every core busy: no difference");
    // executor 0's chunk 0 runs 100 + 1,200 ms; the others' home chunks end at 800 ms, when
    // executors 1, 2, 3 take executor 0's chunks 3, 1, 2 with 2, 3, 4 tasks running (150, 175
    // and 200 ms shared, 200 each dedicated); executor 1 then starts chunk 0's late copy with four
    // tasks running: 950 + 200 shared, 1,000 + 200 dedicated
    double[] slow = {12, 1, 1, 1};
    double onDedicated = Rule.steal(2, 4).prepare(dedicated).run(slow, LOADS).spanMs();
    double onShared = Rule.steal(2, 4).prepare(shared).run(slow, LOADS).spanMs();
    assertEquals(1200, onDedicated, 1e-9);
    assertEquals(1150, onShared, 1e-9);
  }

  @Test
  void aLateCopyWaitsOnTheHolderTheEngineChoseWhenItWasDueEvenIfAnotherFreesFirst() {
    // three one-core executors each holding every chunk (r=3), six chunks of 100 ms; executor 0
    // runs chunk 0 at factor 10, executor 1 its chunks at factor 2. At 200 ms chunks 1-3 are in
    // (median 100) and chunk 0 has run over 150: no holder is idle (executors 1 and 2 have just
    // taken chunks 4 and 5), so the engine places the copy on chunk 0's first other holder,
    // executor 1, where it starts at 400 and runs 200 ms. Executor 2, idle from 300, does not take
    // it: it takes a copy of chunk 4 once that has run over 150 ms (at 351), killed when chunk 4
    // arrives from executor 1 at 400
    double[] factors = {10, 2, 1};
    IterationOutcome o =
        Rule.steal(3, 2).prepare(Cluster.of(3, 1, 200)).run(factors, new double[] {1, 1, 1});
    assertEquals(600, o.spanMs(), 1e-9);
    assertEquals(600 + 49, o.wastedTaskMs(), 1e-9, "chunk 0's home copy and chunk 4's copy");
    assertEquals(600 + 200 + 100 + 100 + 200 + 100 + 200 + 49, o.computedTaskMs(), 1e-9);
  }
}
