package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BackupChooserTest {

  private static final long[] EIGHT_BLOCKS = {100, 100, 100, 100, 100, 100, 100, 100};

  /**
   * Task i at 300 + 10 (7 - i) ms (healthy tasks finish in some order; here the high indices
   * first), except those in {@code slow} at 1200 ms; the iteration ends as the engine ends it,
   * after the first n - b by time or, for b below the floor's largest (2), at the deadline (1.5 x
   * the sixth time) if that comes first; the tasks not in by then were cancelled at that moment.
   */
  private static TaskTimes iteration(int b, int... slow) {
    double[] ms = new double[8];
    for (int i = 0; i < 8; i++) {
      ms[i] = 300 + 10 * (7 - i);
    }
    for (int task : slow) {
      ms[task] = 1200;
    }
    Integer[] order = {0, 1, 2, 3, 4, 5, 6, 7};
    java.util.Arrays.sort(order, (x, y) -> Double.compare(ms[x], ms[y]));
    double deadline = b < 2 ? BackupChooser.DEADLINE_FACTOR * ms[order[5]] : Double.MAX_VALUE;
    double end = Math.min(ms[order[7 - b]], deadline);
    BitSet censored = new BitSet();
    for (int task = 0; task < 8; task++) {
      if (ms[task] > end) {
        censored.set(task);
        ms[task] = end;
      }
    }
    return new TaskTimes(ms, censored, 50);
  }

  @Test
  void leavesOutTheMostTheFloorAllowsWithoutHistory() {
    BackupChoice choice = new BackupChooser(EIGHT_BLOCKS, 0.75, 5).choose();
    assertEquals(2, choice.b());
    assertTrue(choice.reason().contains("no history"), choice.reason());
  }

  @Test
  void raisesBWhenATaskTurnsSlowKeepsItWhileTheTaskIsLeftOutAndLowersItOnRecovery() {
    BackupChooser chooser = new BackupChooser(EIGHT_BLOCKS, 0.75, 5);
    for (int i = 0; i < 5; i++) {
      chooser.observe(iteration(0));
      assertEquals(0, chooser.choose().b(), "healthy: nothing to gain by leaving tasks out");
    }
    chooser.observe(iteration(0, 6)); // task 6 turns slow; b=0 waited for it until the deadline
    assertEquals(1, chooser.choose().b(), chooser.choose().reason());
    for (int i = 0; i < 6; i++) {
      chooser.observe(iteration(1, 6)); // task 6 is cancelled every iteration: censored at 300
      assertEquals(1, chooser.choose().b(), "still slow as last seen: " + chooser.choose());
    }
    chooser.observe(iteration(0, 6, 2)); // a second slow task, seen with b=0
    assertEquals(2, chooser.choose().b(), chooser.choose().reason());
    // Both recover and finish among the first n - b. The tail seen at the last probe (the slowest
    // rank's memory doubled to 10 iterations by that probe) expires within three windows, b falls,
    // the probe finds no straggler, and b stays at 0.
    int b = 2;
    int lowered = -1;
    for (int i = 0; i < 20; i++) {
      chooser.observe(iteration(b));
      b = chooser.choose().b();
      if (b == 0 && lowered < 0) {
        lowered = i;
      }
    }
    assertTrue(lowered >= 0 && lowered <= 15, "b lowered after iteration " + lowered);
    assertEquals(0, b, chooser.choose().reason());
  }

  @Test
  void keepsLeavingOutATransientStragglerItNoLongerSeesAndProbesEverMoreRarely() {
    // Every iteration some task (a different one each time) takes 4x the others. Once b=1 leaves
    // it out, its time is censored; the tail's shape from the probes (b=0 iterations) keeps it in
    // the estimate, and each probe that finds the tail again doubles how long that shape is kept.
    BackupChooser chooser = new BackupChooser(EIGHT_BLOCKS, 0.75, 5);
    List<Integer> probes = new ArrayList<>(); // the first iteration of each run of b=0
    int b = chooser.choose().b();
    int previous = 2;
    for (int it = 0; it < 80; it++) {
      if (b == 0 && previous != 0) {
        probes.add(it);
      }
      chooser.observe(iteration(b, it % 8));
      previous = b;
      b = chooser.choose().b();
    }
    // A probe may last two iterations: the rows before it still hold the straggler at the bound
    // it was cancelled at. Between probes, ever longer gaps.
    assertTrue(probes.size() >= 2 && probes.size() <= 5, "b=0 from iterations " + probes);
    for (int k = 2; k < probes.size(); k++) {
      int gap = probes.get(k) - probes.get(k - 1);
      int before = probes.get(k - 1) - probes.get(k - 2);
      assertTrue(gap >= before, "probe gaps must not shrink: " + probes);
    }
  }

  @Test
  void neverLeavesOutMoreThanTheFloorAllows() {
    assertEquals(2, BackupChooser.largestB(EIGHT_BLOCKS, 0.75));
    assertEquals(0, BackupChooser.largestB(EIGHT_BLOCKS, 1.0));
    // the two largest blocks (400 + 300 of 1000) cannot both go at floor 0.5
    assertEquals(1, BackupChooser.largestB(new long[] {100, 400, 200, 300}, 0.5));
    BackupChooser chooser = new BackupChooser(EIGHT_BLOCKS, 0.75, 3);
    for (int i = 0; i < 3; i++) {
      chooser.observe(iteration(0, 1, 2, 3, 4)); // four slow tasks, but b=2 is the most allowed
    }
    BackupChoice choice = chooser.choose();
    assertTrue(choice.b() <= 2, choice.reason());
    assertTrue(choice.reason().contains("b <= 2 keeps >= 0.75"), choice.reason());
  }

  @Test
  void refusesBadParametersNamingThem() {
    IllegalArgumentException floor =
        assertThrows(IllegalArgumentException.class, () -> new BackupChooser(EIGHT_BLOCKS, 0, 5));
    assertTrue(floor.getMessage().contains("floor"), floor.getMessage());
    IllegalArgumentException window =
        assertThrows(IllegalArgumentException.class, () -> new BackupChooser(EIGHT_BLOCKS, 1, 0));
    assertTrue(window.getMessage().contains("window"), window.getMessage());
    BackupChooser chooser = new BackupChooser(EIGHT_BLOCKS, 0.75, 5);
    TaskTimes four = new TaskTimes(new double[4], new BitSet(), 0);
    assertThrows(IllegalArgumentException.class, () -> chooser.observe(four));
  }
}
