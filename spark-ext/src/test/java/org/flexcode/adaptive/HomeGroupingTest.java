package org.flexcode.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code steal}'s choice between chunk tasks and block tasks for its home work. */
@Tag("unit")
class HomeGroupingTest {

  /**
   * Runs iterations {@code from} .. {@code to - 1} where chunk tasks take {@code chunkMs} and block
   * tasks {@code blockMs} (the first iteration 5 s, cold).
   */
  private static StealHome[] run(
      HomeGrouping grouping, int from, int to, long chunkMs, long blockMs) {
    StealHome[] chosen = new StealHome[to];
    for (int it = from; it < to; it++) {
      chosen[it] = grouping.choose(it, false);
      long ms = it == 0 ? 5_000 : chosen[it] == StealHome.BLOCK ? blockMs : chunkMs;
      grouping.observe(it, chosen[it], ms);
    }
    return chosen;
  }

  private static StealHome[] calm(HomeGrouping grouping, int to, long chunkMs, long blockMs) {
    return run(grouping, 0, to, chunkMs, blockMs);
  }

  @Test
  void measuresBothThenKeepsTheFasterProbingTheOther() {
    StealHome[] chosen = calm(new HomeGrouping(StealHome.AUTO), 60, 800, 700);
    assertEquals(StealHome.BLOCK, chosen[0], "the cold first iteration, as bsp");
    for (int it = 1; it <= 2 * HomeGrouping.EXPLORE; it++) {
      assertEquals(it % 2 == 1 ? StealHome.BLOCK : StealHome.CHUNKS, chosen[it], "explore " + it);
    }
    for (int it = 2 * HomeGrouping.EXPLORE + 1; it < chosen.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.CHUNKS : StealHome.BLOCK, chosen[it], "iteration " + it);
    }
    StealHome[] chunks = calm(new HomeGrouping(StealHome.AUTO), 60, 800, 1000);
    assertEquals(StealHome.CHUNKS, chunks[7]);
    assertEquals(StealHome.BLOCK, chunks[40], "the probe");
  }

  @Test
  void homesFarApartAreDecidedAfterOneIterationEachAndProbedHalfAsOften() {
    StealHome[] chosen = calm(new HomeGrouping(StealHome.AUTO), 60, 900, 700);
    assertEquals(StealHome.BLOCK, chosen[1]);
    assertEquals(StealHome.CHUNKS, chosen[2]);
    for (int it = 3; it < chosen.length; it++) {
      boolean probe = it % (2 * HomeGrouping.PROBE_EVERY) == 0;
      assertEquals(probe ? StealHome.CHUNKS : StealHome.BLOCK, chosen[it], "iteration " + it);
    }
  }

  @Test
  void chunkTasksFarFasterAreStillMeasuredThreeTimesEachBeforeTheyAreKept() {
    StealHome[] chosen = calm(new HomeGrouping(StealHome.AUTO), 30, 700, 1000);
    for (int it = 1; it <= 2 * HomeGrouping.EXPLORE; it++) {
      assertEquals(it % 2 == 1 ? StealHome.BLOCK : StealHome.CHUNKS, chosen[it], "explore " + it);
    }
    assertEquals(StealHome.CHUNKS, chosen[2 * HomeGrouping.EXPLORE + 1]);
  }

  @Test
  void aSlowFirstBlockIterationDoesNotDecideForChunkTasks() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    grouping.observe(0, grouping.choose(0, false), 5_000);
    assertEquals(StealHome.BLOCK, grouping.choose(1, false));
    grouping.observe(1, StealHome.BLOCK, 1_400); // still warming up
    StealHome[] chosen = run(grouping, 2, 30, 1000, 800);
    assertEquals(StealHome.CHUNKS, chosen[2]);
    assertEquals(StealHome.BLOCK, chosen[3], "1,400 over 1,000 is not enough to keep chunk tasks");
    for (int it = 2 * HomeGrouping.EXPLORE + 1; it < chosen.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.CHUNKS : StealHome.BLOCK, chosen[it], "iteration " + it);
    }
  }

  @Test
  void chunkTasksWithinTheGainOfBlockTasksLoseToThem() {
    StealHome[] chosen = calm(new HomeGrouping(StealHome.AUTO), 19, 740, 800);
    for (int it = 2 * HomeGrouping.EXPLORE + 1; it < chosen.length; it++) {
      assertEquals(StealHome.BLOCK, chosen[it], "iteration " + it);
    }
  }

  @Test
  void whileASlowExecutorIsAvoidedChunkTasksRunAndBlockTasksComeBackAfter() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    calm(grouping, 10, 800, 700);
    for (int it = 10; it < 20; it++) {
      StealHome chosen = grouping.choose(it, true);
      assertEquals(StealHome.CHUNKS, chosen, "iteration " + it);
      grouping.observe(it, chosen, 750);
    }
    assertEquals(StealHome.BLOCK, grouping.choose(21, false), grouping.describe());
    assertEquals(StealHome.BLOCK, new HomeGrouping(StealHome.BLOCK).choose(3, true), "fixed");
  }

  @Test
  void whileNoHostHasCpuToSpareBlockTasksRunWithoutExploringUnlessAvoiding() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    grouping.observe(0, grouping.choose(0, false, false), 5_000);
    for (int it = 1; it < 45; it++) {
      StealHome chosen = grouping.choose(it, false, false);
      assertEquals(StealHome.BLOCK, chosen, "iteration " + it + ": no exploration, no probe");
      grouping.observe(it, chosen, 700);
    }
    assertEquals(StealHome.CHUNKS, grouping.choose(45, true, false), "a slow executor avoided");
    assertEquals(StealHome.CHUNKS, grouping.choose(46, false, true), "spare CPU: chunks explored");
  }

  @Test
  void followsAChangeSeenInTheWindow() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    calm(grouping, 30, 800, 700); // block tasks faster until iteration 29
    StealHome[] after = run(grouping, 30, 60, 800, 1200); // block tasks slower now
    assertEquals(StealHome.CHUNKS, after[59], grouping.describe());
    assertTrue(grouping.describe().contains("chunks 800"), grouping.describe());
  }

  @Test
  void aFixedHomeNeverChanges() {
    for (StealHome fixed : new StealHome[] {StealHome.CHUNKS, StealHome.BLOCK}) {
      for (StealHome chosen : run(new HomeGrouping(fixed), 0, 30, 800, 700)) {
        assertEquals(fixed, chosen);
      }
    }
  }
}
