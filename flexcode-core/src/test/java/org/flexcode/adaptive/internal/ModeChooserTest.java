package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}'s chooser over four workers of one home chunk each (100 records), the engine's
 * censoring simulated: in steal mode a chunk over 1.5 x the median is superseded by its copy (its
 * home copy censored when the copy ends, one median later), in ignore:b=1 mode the slowest chunk is
 * cancelled when the others have arrived.
 */
@Tag("unit")
class ModeChooserTest {

  private static final int[] WORKERS = {0, 1, 2, 3};
  private static final long[] RECORDS = {100, 100, 100, 100};
  private static final double LATE = 1.5;

  private static ModeChooser chooser(boolean exact) {
    return new ModeChooser(WORKERS, RECORDS, exact, 0.75, 5, LATE, 1);
  }

  /** What the engine would observe running {@code choice} when the chunks take {@code ms}. */
  private static TaskTimes observed(ModeChoice choice, double... ms) {
    double[] seen = ms.clone();
    double[] sorted = ms.clone();
    java.util.Arrays.sort(sorted);
    double median = sorted[sorted.length / 2];
    BitSet censored = new BitSet();
    for (int c = 0; c < seen.length; c++) {
      if (choice.mode() == Mode.STEAL && ms[c] > (LATE + 1) * median) {
        censored.set(c);
        seen[c] = (LATE + 1) * median;
      }
      if (choice.mode() == Mode.IGNORE && ms[c] == sorted[sorted.length - 1]) {
        censored.set(c);
        seen[c] = sorted[sorted.length - 2];
      }
    }
    return new TaskTimes(seen, censored, 50);
  }

  /** Runs {@code iterations} iterations with chunk times {@code ms}; the choices made. */
  private static List<ModeChoice> run(ModeChooser chooser, int iterations, double... ms) {
    return ModeChoosers.run(chooser, iterations, choice -> observed(choice, ms));
  }

  @Test
  void keepsBspWithEvenTimes() {
    List<ModeChoice> choices = run(chooser(false), 12, 600, 610, 590, 605);
    for (ModeChoice choice : choices) {
      assertEquals(Mode.BSP, choice.mode(), choice.reason());
      assertFalse(choice.switched(), choice.reason());
    }
    ModeChoice last = choices.get(choices.size() - 1);
    assertEquals(last.predicted().bspMs(), last.predicted().stealMs(), 1e-9, last.reason());
    assertTrue(last.reason().startsWith("mode=bsp; keep bsp"), last.reason());
  }

  @Test
  void picksATolerantModeWhenOneWorkerTurnsFourTimesSlowAndReturnsToBspWhenItRecovers() {
    ModeChooser chooser = chooser(false);
    run(chooser, 5, 600, 600, 600, 400);
    List<ModeChoice> slow = run(chooser, 10, 600, 600, 600, 2400);
    assertEquals(Mode.BSP, slow.get(0).mode(), "the history does not show the straggler yet");
    assertNotEquals(Mode.BSP, slow.get(1).mode(), slow.get(1).reason());
    assertTrue(slow.get(1).switched() && slow.get(1).reason().contains("switch from bsp"));
    for (ModeChoice choice : slow.subList(1, slow.size())) {
      assertNotEquals(Mode.BSP, choice.mode(), choice.reason());
    }
    // Left out (ignore) or copied (steal), the slow worker stays slow in the estimate: ignore:b=1
    // ((600 + 50) / 0.75 per pass) beats steal (capped at 2.5 x 600) once the window holds only
    // slow ones.
    ModeChoice settled = slow.get(slow.size() - 1);
    assertEquals("ignore:b=1", settled.label(), settled.reason());
    assertEquals(650 / 0.75, settled.predicted().ignoreMs(), 1e-9, settled.reason());
    assertEquals(1550, settled.predicted().stealMs(), 1e-9, settled.reason());
    assertEquals(2450, settled.predicted().bspMs(), 1e-9, settled.reason());

    // Recovered: the slow rank seen last (its memory doubled by each probe that found it) expires,
    // a probe sees no straggler, and bsp returns for good.
    List<ModeChoice> recovered = run(chooser, 30, 600, 600, 600, 400);
    for (ModeChoice choice : recovered.subList(20, recovered.size())) {
      assertEquals(Mode.BSP, choice.mode(), choice.reason());
    }
    assertTrue(recovered.stream().anyMatch(c -> c.mode() == Mode.BSP && c.switched()));
  }

  @Test
  void neverPicksIgnoreWhenExactIsAsked() {
    ModeChooser chooser = chooser(true);
    run(chooser, 5, 600, 600, 600, 600);
    List<ModeChoice> slow = run(chooser, 10, 600, 600, 600, 2400);
    for (ModeChoice choice : slow) {
      assertTrue(choice.mode().isExact(), choice.reason());
      assertTrue(Double.isNaN(choice.predicted().ignoreMs()), choice.reason());
    }
    assertEquals(Mode.STEAL, slow.get(slow.size() - 1).mode());
    List<ModeChoice> recovered = run(chooser, 8, 600, 600, 600, 600);
    assertEquals(Mode.BSP, recovered.get(recovered.size() - 1).mode());
  }

  @Test
  void switchesOnlyForMoreThanTenPercent() {
    // The straggler at 1600 ms: steal's copy ends at 2.5 x 600 = 1500, 6% less than bsp's 1600.
    List<ModeChoice> small = run(chooser(true), 10, 600, 600, 600, 1600);
    for (ModeChoice choice : small) {
      assertEquals(Mode.BSP, choice.mode(), choice.reason());
    }
    ModeChoice last = small.get(small.size() - 1);
    assertEquals(1550, last.predicted().stealMs(), 1e-9, last.reason());
    assertEquals(1650, last.predicted().bspMs(), 1e-9, last.reason());
    // At 2000 ms steal's 1500 is 25% less: switched after the first observation.
    List<ModeChoice> large = run(chooser(true), 3, 600, 600, 600, 2000);
    assertEquals(Mode.STEAL, large.get(1).mode(), large.get(1).reason());
    assertTrue(large.get(1).reason().contains("switch from bsp: steal predicts"));
  }

  @Test
  void withBlocksOfFourChunksIdleHoldersTakeOverAModestStragglerSoStealIsPicked() {
    // Four workers of one block each, cut into 4 chunks (the times are the blocks', every chunk of
    // a block arriving with it). A block at 1,000 ms against 600: idle holders take its chunks at
    // 1.1 x 600 and each takes 600 / 4 more, so steal ends at 810 (bsp waits 1,000).
    int[] workers = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    long[] records = new long[16];
    java.util.Arrays.fill(records, 25);
    ModeChooser chooser = new ModeChooser(workers, records, true, 0.75, 5, LATE, 4);
    double[] ms = new double[16];
    java.util.Arrays.fill(ms, 600);
    java.util.Arrays.fill(ms, 12, 16, 1000);
    chooser.choose();
    chooser.observe(new TaskTimes(ms, new BitSet(), 50));
    ModeChoice choice = chooser.choose();
    assertEquals(Mode.STEAL, choice.mode(), choice.reason());
    assertEquals(860, choice.predicted().stealMs(), 1e-9, choice.reason());
    assertEquals(1050, choice.predicted().bspMs(), 1e-9, choice.reason());
    // One chunk per block: the late copy after 1.5 x 600 ends at 1,500, after the straggler.
    ModeChooser oneChunk = new ModeChooser(workers, records, true, 0.75, 5, LATE, 1);
    oneChunk.choose();
    oneChunk.observe(new TaskTimes(ms, new BitSet(), 50));
    assertEquals(Mode.BSP, oneChunk.choose().mode());
  }

  @Test
  void refusesMismatchedInputs() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new ModeChooser(new int[] {0, 1}, RECORDS, false, 0.75, 5, LATE, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ModeChooser(WORKERS, RECORDS, false, 0.75, 5, 0.5, 1));
    IllegalArgumentException chunks =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ModeChooser(WORKERS, RECORDS, false, 0.75, 5, LATE, 0));
    assertTrue(chunks.getMessage().contains("chunks per block"), chunks.getMessage());
    IllegalArgumentException times =
        assertThrows(
            IllegalArgumentException.class,
            () -> chooser(false).observe(new TaskTimes(new double[3], null, 0)));
    assertTrue(times.getMessage().contains("home chunks"), times.getMessage());
  }
}
