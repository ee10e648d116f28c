package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code steal}'s choice between chunk tasks and block tasks for its home work. */
@Tag("unit")
class HomeGroupingTest {

  /**
   * Runs iterations 0 .. 29 where chunk tasks take {@code chunkMs} and block tasks {@code blockMs}.
   */
  private static StealHome[] run(HomeGrouping grouping, long chunkMs, long blockMs) {
    StealHome[] chosen = new StealHome[30];
    for (int it = 0; it < chosen.length; it++) {
      chosen[it] = grouping.choose(it);
      grouping.observe(chosen[it], chosen[it] == StealHome.BLOCK ? blockMs : chunkMs);
    }
    return chosen;
  }

  @Test
  void measuresBothThenKeepsTheFasterProbingTheOtherEveryTenIterations() {
    StealHome[] chosen = run(new HomeGrouping(StealHome.AUTO), 800, 700);
    assertEquals(StealHome.CHUNKS, chosen[0]);
    assertEquals(StealHome.BLOCK, chosen[1]);
    for (int it = 2; it < chosen.length; it++) {
      StealHome expected = it % HomeGrouping.PROBE_EVERY == 0 ? StealHome.CHUNKS : StealHome.BLOCK;
      assertEquals(expected, chosen[it], "iteration " + it);
    }
    StealHome[] chunks = run(new HomeGrouping(StealHome.AUTO), 800, 1000);
    assertEquals(StealHome.BLOCK, chunks[1]);
    assertEquals(StealHome.CHUNKS, chunks[2]);
    assertEquals(StealHome.BLOCK, chunks[20], "the probe");
  }

  @Test
  void followsAChangeSeenInTheWindow() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    run(grouping, 800, 700); // block tasks faster until iteration 29
    StealHome next = null;
    for (int it = 30; it < 50; it++) { // a straggler now: block tasks take 1200 ms
      next = grouping.choose(it);
      grouping.observe(next, next == StealHome.BLOCK ? 1200 : 800);
    }
    assertEquals(StealHome.CHUNKS, next, grouping.describe());
    // The block tasks' window still holds some 700 ms iterations, but over 800 on average.
    assertTrue(grouping.describe().contains("chunks 800, block 9"), grouping.describe());
  }

  @Test
  void aFixedHomeNeverChanges() {
    for (StealHome fixed : new StealHome[] {StealHome.CHUNKS, StealHome.BLOCK}) {
      for (StealHome chosen : run(new HomeGrouping(fixed), 800, 700)) {
        assertEquals(fixed, chosen);
      }
    }
  }
}
