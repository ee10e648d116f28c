package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The chunk queue's model rule against the no-straggler limit, the balancing bound and steal. */
@Tag("unit")
class QueueRuleTest {

  /** Eight two-core executors, 500 ms blocks, 20 ms to launch a task: the study's grid shape. */
  private static final Cluster GRID = new Cluster(8, 2, 16, 500, new Costs(0, 20, 0, 0, 0, 0), 0);

  private static double mean(String pattern, Rule rule) {
    return IterationModel.of(GRID, MachineDelays.parse(pattern)).run(rule, 300, 42L).meanMs();
  }

  @Test
  void withNoStragglerEachCoreComputesItsShareAndPaysOnlyItsAsks() {
    // 16 blocks x 8 chunks over 16 cores: 8 chunks a core, each 62.5 ms of compute + 1 ms to ask
    assertEquals(20 + 8 * (62.5 + 1), mean("ideal", Rule.parse("queue:r=3,chunks=8,ask=1")), 1e-6);
  }

  @Test
  void underEveryPatternTheQueueStandsWithinTenPercentOfPerfectBalancing() {
    Rule queue = Rule.parse("queue:r=3,chunks=8,ask=1");
    for (String pattern :
        List.of(
            "slow-worker:p=0.2,max=2",
            "disrupted-machine:intensity=2",
            "power-law:alpha=4",
            "power-law:alpha=11",
            "persistent:k=1,factor=4",
            "skew:k=1,load=1.75",
            "markov:slow=0.05,recover=0.3,factor=4")) {
      double balanced = mean(pattern, Rule.balanced());
      double got = mean(pattern, queue);
      double steal = mean(pattern, Rule.steal(3, 4));
      assertTrue(
          got >= balanced && got <= 1.1 * balanced,
          pattern + ": queue " + got + " ms against balanced " + balanced + " ms");
      assertTrue(got < steal, pattern + ": queue " + got + " ms against steal " + steal + " ms");
    }
  }

  @Test
  void aCostlyAskLosesWhatTheQueueGains() {
    // an ask as dear as a Spark task launch on the grid's host puts the queue back at steal's level
    String pattern = "slow-worker:p=0.2,max=2";
    double cheap = mean(pattern, Rule.parse("queue:r=3,chunks=8,ask=1"));
    double dear = mean(pattern, Rule.parse("queue:r=3,chunks=8,ask=20"));
    assertTrue(dear > 1.2 * cheap, "ask=20: " + dear + " ms, ask=1: " + cheap + " ms");
  }

  @Test
  void specsParseToTheirCanonicalFormAndBadOnesAreNamed() {
    assertEquals("queue:r=3,chunks=8,ask=1", Rule.parse("queue").spec());
    assertEquals("queue:r=2,chunks=4,ask=0.5", Rule.parse(" Queue: r=2, chunks=4, ask=0.5").spec());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Rule.parse("queue:copies=2"));
    assertTrue(e.getMessage().contains("copies"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Rule.parse("queue:ask=-1"));
  }
}
