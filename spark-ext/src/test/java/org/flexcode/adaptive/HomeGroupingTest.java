package org.flexcode.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code steal}'s choice between chunk tasks and block tasks for its home work. */
@Tag("unit")
class HomeGroupingTest {

  /**
   * Runs iterations {@code from} .. {@code to - 1}, each with a straggler, where chunk tasks take
   * {@code chunkMs} and block tasks {@code blockMs} (the first iteration 5 s, cold).
   */
  private static StealHome[] straggling(
      HomeGrouping grouping, int from, int to, long chunkMs, long blockMs) {
    StealHome[] chosen = new StealHome[to];
    for (int it = from; it < to; it++) {
      chosen[it] = grouping.choose(it, false);
      long ms = it == 0 ? 5_000 : chosen[it] == StealHome.BLOCK ? blockMs : chunkMs;
      grouping.observe(it, chosen[it], ms, true);
    }
    return chosen;
  }

  @Test
  void withoutStragglersBlockTasksRunAndNothingIsTimed() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    for (int it = 0; it < 40; it++) {
      StealHome chosen = grouping.choose(it, false);
      assertEquals(StealHome.BLOCK, chosen, "iteration " + it + ": no straggler, no chunk tasks");
      grouping.observe(it, chosen, 700, false);
    }
    assertTrue(grouping.calm());
    assertEquals("median ms over the last 5 of each: chunks -, block -", grouping.describe());
  }

  @Test
  void aStragglerTurnsBlockTasksIntoChunkTasksProbingBlockTasks() {
    StealHome[] chosen = straggling(new HomeGrouping(StealHome.AUTO), 0, 60, 800, 1000);
    assertEquals(StealHome.BLOCK, chosen[0], "the cold first iteration, as bsp");
    assertEquals(StealHome.BLOCK, chosen[1], "calm until a straggler is seen");
    for (int it = 2; it < chosen.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.BLOCK : StealHome.CHUNKS, chosen[it], "iteration " + it);
    }
  }

  @Test
  void chunkTasksStayUnlessFarSlowerThanBlockTasks() {
    // 1,200 against 1,000 under stragglers: within 1.25 x, chunk tasks stay.
    StealHome[] near = straggling(new HomeGrouping(StealHome.AUTO), 0, 30, 1_200, 1_000);
    assertEquals(StealHome.CHUNKS, near[25]);
    // 1,300: block tasks take over, and chunk tasks are probed.
    StealHome[] far = straggling(new HomeGrouping(StealHome.AUTO), 0, 45, 1_300, 1_000);
    assertEquals(StealHome.CHUNKS, far[2], "presumed faster before any chunk iteration is timed");
    for (int it = 3; it < far.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.CHUNKS : StealHome.BLOCK, far[it], "iteration " + it);
    }
  }

  @Test
  void calmIterationsBringBlockTasksBackAndAreNotTimed() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    grouping.observe(0, grouping.choose(0, false), 5_000, true); // the cold first: not counted
    assertTrue(grouping.calm(), "iteration 0 says nothing");
    assertEquals(StealHome.BLOCK, grouping.choose(1, false));
    grouping.observe(1, StealHome.BLOCK, 1_100, true);
    assertFalse(grouping.calm());
    assertEquals(StealHome.CHUNKS, grouping.choose(2, false), "a straggler: chunk tasks");
    grouping.observe(2, StealHome.CHUNKS, 800, true);
    for (int it = 3; it < 3 + HomeGrouping.CALM; it++) {
      assertEquals(StealHome.CHUNKS, grouping.choose(it, false), "iteration " + it);
      grouping.observe(it, StealHome.CHUNKS, 650, false);
    }
    assertTrue(grouping.calm());
    assertEquals(StealHome.BLOCK, grouping.choose(3 + HomeGrouping.CALM, false));
    assertTrue(
        grouping.describe().endsWith("chunks 800, block 1100"),
        "calm iterations' times are not kept: " + grouping.describe());
  }

  @Test
  void whileASlowExecutorIsAvoidedChunkTasksRunAndBlockTasksComeBackAfter() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    straggling(grouping, 0, 10, 1_300, 1_000); // block tasks faster
    for (int it = 10; it < 20; it++) {
      StealHome chosen = grouping.choose(it, true);
      assertEquals(StealHome.CHUNKS, chosen, "iteration " + it);
      grouping.observe(it, chosen, 1_300, true);
    }
    assertEquals(StealHome.BLOCK, grouping.choose(21, false), grouping.describe());
    assertEquals(StealHome.BLOCK, new HomeGrouping(StealHome.BLOCK).choose(3, true), "fixed");
  }

  @Test
  void whileNoHostHasCpuToSpareBlockTasksRunWithoutProbingUnlessAvoiding() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    grouping.observe(0, grouping.choose(0, false, false), 5_000, true);
    for (int it = 1; it < 45; it++) {
      StealHome chosen = grouping.choose(it, false, false);
      assertEquals(StealHome.BLOCK, chosen, "iteration " + it + ": no chunk tasks, no probe");
      grouping.observe(it, chosen, 700, true);
    }
    assertEquals(StealHome.CHUNKS, grouping.choose(45, true, false), "a slow executor avoided");
    assertEquals(StealHome.CHUNKS, grouping.choose(46, false, true), "spare CPU: chunk tasks");
  }

  @Test
  void followsAChangeSeenInTheWindow() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    straggling(grouping, 0, 30, 1_300, 1_000); // block tasks faster until iteration 29
    StealHome[] after = straggling(grouping, 30, 70, 900, 1_000); // chunk tasks faster now
    assertEquals(StealHome.CHUNKS, after[69], grouping.describe());
    assertTrue(grouping.describe().contains("chunks 900"), grouping.describe());
  }

  @Test
  void aFixedHomeNeverChanges() {
    for (StealHome fixed : new StealHome[] {StealHome.CHUNKS, StealHome.BLOCK}) {
      for (StealHome chosen : straggling(new HomeGrouping(fixed), 0, 30, 800, 700)) {
        assertEquals(fixed, chosen);
      }
    }
  }
}
