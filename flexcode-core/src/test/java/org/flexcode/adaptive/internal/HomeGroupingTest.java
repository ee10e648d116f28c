package org.flexcode.adaptive.internal;

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
  void withoutStragglersBlockTasksRunOnceCalmIsSeenAndNothingIsTimed() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    for (int it = 0; it < 40; it++) {
      StealHome chosen = grouping.choose(it, false);
      StealHome expected = it <= HomeGrouping.CALM ? StealHome.CHUNKS : StealHome.BLOCK;
      assertEquals(expected, chosen, "iteration " + it + ": the cold first and three calm");
      grouping.observe(it, chosen, 700, false);
    }
    assertTrue(grouping.calm());
    assertEquals("median ms over the last 5 of each: chunks -, block -", grouping.describe());
  }

  @Test
  void whileStragglersComeChunkTasksRunProbingBlockTasks() {
    StealHome[] chosen = straggling(new HomeGrouping(StealHome.AUTO), 0, 60, 800, 1000);
    assertEquals(StealHome.CHUNKS, chosen[0], "nothing known yet: not calm");
    for (int it = 1; it < chosen.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.BLOCK : StealHome.CHUNKS, chosen[it], "iteration " + it);
    }
  }

  @Test
  void chunkTasksStayUnlessFarSlowerThanBlockTasks() {
    // 1,200 against 1,000 under stragglers: within 1.25 x, chunk tasks stay.
    StealHome[] near = straggling(new HomeGrouping(StealHome.AUTO), 0, 30, 1_200, 1_000);
    assertEquals(StealHome.CHUNKS, near[25]);
    // 1,300: block tasks take over once probed, and chunk tasks are probed in turn.
    StealHome[] far = straggling(new HomeGrouping(StealHome.AUTO), 0, 65, 1_300, 1_000);
    for (int it = 0; it < HomeGrouping.PROBE_EVERY; it++) {
      assertEquals(StealHome.CHUNKS, far[it], "presumed faster before block tasks are timed");
    }
    assertEquals(StealHome.BLOCK, far[HomeGrouping.PROBE_EVERY], "the first probe");
    for (int it = HomeGrouping.PROBE_EVERY + 1; it < far.length; it++) {
      boolean probe = it % HomeGrouping.PROBE_EVERY == 0;
      assertEquals(probe ? StealHome.CHUNKS : StealHome.BLOCK, far[it], "iteration " + it);
    }
  }

  @Test
  void calmIterationsBringBlockTasksBackAndAreNotTimed() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    assertEquals(StealHome.CHUNKS, grouping.choose(0, false), "nothing known yet");
    grouping.observe(0, StealHome.CHUNKS, 5_000, true); // the cold first: not counted
    assertFalse(grouping.calm(), "iteration 0 says nothing");
    assertEquals(StealHome.CHUNKS, grouping.choose(1, false));
    grouping.observe(1, StealHome.CHUNKS, 800, true);
    for (int it = 2; it < 2 + HomeGrouping.CALM; it++) {
      assertEquals(StealHome.CHUNKS, grouping.choose(it, false), "iteration " + it);
      grouping.observe(it, StealHome.CHUNKS, 650, false);
    }
    assertTrue(grouping.calm());
    int next = 2 + HomeGrouping.CALM;
    assertEquals(StealHome.BLOCK, grouping.choose(next, false));
    grouping.observe(next, StealHome.BLOCK, 1_100, true);
    assertFalse(grouping.calm());
    assertEquals(StealHome.CHUNKS, grouping.choose(next + 1, false), "a straggler: chunk tasks");
    assertTrue(
        grouping.describe().endsWith("chunks 800, block 1100"),
        "calm iterations' times are not kept: " + grouping.describe());
  }

  @Test
  void whileASlowExecutorIsAvoidedChunkTasksRunAndBlockTasksComeBackAfter() {
    HomeGrouping grouping = new HomeGrouping(StealHome.AUTO);
    straggling(grouping, 0, 25, 1_300, 1_000); // block tasks faster, probed at 20
    for (int it = 25; it < 35; it++) {
      StealHome chosen = grouping.choose(it, true);
      assertEquals(StealHome.CHUNKS, chosen, "iteration " + it);
      grouping.observe(it, chosen, 1_300, true);
    }
    assertEquals(StealHome.BLOCK, grouping.choose(36, false), grouping.describe());
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
    straggling(grouping, 0, 30, 1_300, 1_000); // block tasks faster from the probe at 20
    StealHome[] after = straggling(grouping, 30, 110, 900, 1_000); // chunk tasks faster now
    assertEquals(
        StealHome.BLOCK, after[70], "two probes of 900 among 1,300s: " + grouping.describe());
    assertEquals(StealHome.CHUNKS, after[109], grouping.describe());
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
