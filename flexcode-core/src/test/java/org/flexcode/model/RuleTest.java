package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.adaptive.internal.StealHome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The rules' behaviour on hand-made factors: placement, queueing, shadows, stealing, waste. */
@Tag("unit")
class RuleTest {

  private static final double T = 100.0;

  private static IterationOutcome once(Rule rule, Cluster cluster, double[] factors) {
    double[] loads = new double[cluster.executors()];
    java.util.Arrays.fill(loads, 1.0);
    return rule.prepare(cluster).run(factors, loads);
  }

  private static double[] oneSlow(int executors, double factor) {
    double[] f = new double[executors];
    java.util.Arrays.fill(f, 1.0);
    f[0] = factor;
    return f;
  }

  @Test
  void tasksBeyondTheCoresQueueOnTheirExecutor() {
    Cluster cluster = Cluster.of(4, 2, T).withTasks(16); // 4 tasks per executor, 2 cores
    assertEquals(2 * T, once(Rule.bsp(), cluster, oneSlow(4, 1.0)).spanMs(), 1e-9);
    assertEquals(6 * T, once(Rule.bsp(), cluster, oneSlow(4, 3.0)).spanMs(), 1e-9);
  }

  @Test
  void frcToleratesAWholeSlowExecutorAndWastesTheLateCopies() {
    Cluster cluster = Cluster.of(8, 2, T);
    IterationOutcome o = once(Rule.frc(1), cluster, oneSlow(8, 10.0));
    assertEquals(2 * T, o.spanMs(), 1e-9);
    // 14 fast tasks finish; 4 of them duplicate their group's other copy (2 per slow-executor
    // group are cancelled, computed 200 ms each): 16 x 200 computed, 8 used
    assertEquals(16 * 2 * T, o.computedTaskMs(), 1e-9);
    assertEquals(8 * 2 * T, o.wastedTaskMs(), 1e-9);
  }

  @Test
  void ignoreCancelsTheStragglerAndCountsItsComputeAsWaste() {
    Cluster cluster = Cluster.of(8, 1, T);
    IterationOutcome o = once(Rule.ignore(1), cluster, oneSlow(8, 3.0));
    assertEquals(T, o.spanMs(), 1e-9);
    assertEquals(T, o.wastedTaskMs(), 1e-9);
  }

  @Test
  void shadowEndsWhenTheMissingBlocksShadowFinished() {
    Cluster cluster = Cluster.of(8, 1, T);
    // shadow 0 covers blocks 0..7 at f = 0.1 (80 ms of work) and sits on executor 8 mod 8 = 0,
    // queued behind primary 0: with executor 0 slow, the primaries end first
    Rule shadow = Rule.shadow(1, 0.1);
    assertEquals(4 * T, once(shadow, cluster, oneSlow(8, 4.0)).spanMs(), 1e-9);
    // a slow executor 3: primary 3 takes 400 ms, shadow 0 finishes at 100 + 80 on executor 0
    double[] f = {1, 1, 1, 4, 1, 1, 1, 1};
    IterationOutcome o = once(shadow, cluster, f);
    assertEquals(T + 0.8 * T, o.spanMs(), 1e-9);
    assertEquals(1.8 * T, o.wastedTaskMs(), 1e-9); // primary 3 cancelled after 180 ms
  }

  @Test
  void stealMovesOnlyTheSlowExecutorsPendingChunks() {
    Cluster cluster = Cluster.of(8, 1, T);
    Rule steal = Rule.steal(2, 4, 0);
    IterationOutcome ideal = once(steal, cluster, oneSlow(8, 1.0));
    // chunk tasks go as Spark hands them out: each free core takes the lowest-numbered pending
    // chunk its executor holds, home or copy, so with no straggler one executor may take a fifth
    assertEquals(1.25 * T, ideal.spanMs(), 1e-9);
    assertEquals(8 * T, ideal.computedTaskMs(), 1e-9);
    IterationOutcome blocks = once(Rule.steal(2, 4, 0, StealHome.BLOCK), cluster, oneSlow(8, 1.0));
    assertEquals(T, blocks.spanMs(), 1e-9); // block tasks at home: bsp's span
    IterationOutcome slow = once(steal, cluster, oneSlow(8, 5.0));
    // executor 0 computes its chunk 0 (25 ms of work at factor 5: 125 ms) while executors 2, 3, 4
    // (the holders of its chunks 1, 2, 3's copies) take them after their own 100 ms: 125 ms
    assertEquals(1.25 * T, slow.spanMs(), 1e-9);
    assertEquals(0.0, slow.wastedTaskMs());
    assertEquals(7 * T + 1.25 * T + 3 * T / 4, slow.computedTaskMs(), 1e-9);
  }

  @Test
  void stealWithOneCopyIsBspAtChunkGranularity() {
    Cluster cluster = Cluster.of(8, 2, T);
    double[] f = oneSlow(8, 3.0);
    assertEquals(
        once(Rule.bsp(), cluster, f).spanMs(), once(Rule.steal(1, 4), cluster, f).spanMs(), 1e-9);
  }

  @Test
  void specsRoundTripAndShapesTheRulesCannotRunOnAreRefused() {
    for (String spec :
        List.of(
            "bsp",
            "ignore:b=2",
            "frc:s=1",
            "cyclic:s=2",
            "shadow:m=2,f=0.25",
            "limit",
            "balanced",
            "steal:r=2,chunks=4",
            "steal:r=2,chunks=4,late=0.0")) {
      assertEquals(spec, Rule.parse(spec).spec());
    }
    Cluster big = Cluster.of(100, 1, T);
    assertThrows(IllegalArgumentException.class, () -> Rule.cyclic(1).prepare(big));
    assertThrows(IllegalArgumentException.class, () -> Rule.frc(2).prepare(big));
    assertThrows(IllegalArgumentException.class, () -> Rule.ignore(100).prepare(big));
    assertThrows(
        IllegalArgumentException.class, () -> Rule.steal(2, 4).prepare(Cluster.of(1, 1, T)));
    Rule.steal(3, 4).prepare(Cluster.of(2, 1, T)); // fitted to 2 copies, as the engine does
    assertEquals(
        "steal:r="
            + org.flexcode.aggregation.copies.internal.CopiesSpec.DEFAULT_COPIES
            + ",chunks="
            + org.flexcode.aggregation.copies.internal.CopiesSpec.DEFAULT_CHUNKS,
        Rule.parse("steal").spec());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Rule.parse("frc:s=-1"));
    assertTrue(e.getMessage().contains("-1"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Rule.parse("ignore:b=1.5"));
  }

  @Test
  void specsReadTheBenchsStrategyNamesAndIgnoreEngineOnlyOptions() {
    assertEquals("ignore:b=1", Rule.parse("ignore").spec());
    assertEquals("frc:s=1", Rule.parse("frc").spec());
    assertEquals("shadow:m=1,f=0.1", Rule.parse("shadow:m=1,f=0.1,late=1.5").spec());
    assertEquals("shadow:m=2,f=0.05", Rule.parse("shadow:m=2,f=0.05,selector=random").spec());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Rule.parse("frc:s=one"));
    assertTrue(e.getMessage().contains("s must be an integer, got 'one'"), e.getMessage());
  }
}
