package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}'s chooser when holders take a slow worker's pending chunks, as Spark's scheduler
 * does in bsp mode: 16 workers of 4 home chunks (100 records, 150 ms each, one at a time), worker
 * 15 four times slow. In bsp its chunk 60 takes 600 ms while workers 0-2 each run one of its chunks
 * 61-63 before their own, so their own chunks end at 750 ms (the iteration's end) and worker 15's
 * span is 600: spans hide the straggler, the chunks each worker ran show it.
 */
@Tag("unit")
class ModeChooserHoldersTest {

  private static final int WORKERS = 16;
  private static final int CHUNKS = 4;
  private static final int SLOW = 15;
  private static final double OVERHEAD = 50;

  private static ModeChooser chooser() {
    return ModeChoosers.ofWorkers(WORKERS, CHUNKS, 100, 0.75, 1);
  }

  /** The bsp iteration above: each chunk's time and the worker that ran it. */
  private static Observation interleavedBsp() {
    double[] ms = new double[WORKERS * CHUNKS];
    int[] ranBy = new int[ms.length];
    for (int g = 0; g < SLOW; g++) {
      int start = g < 3 ? 1 : 0; // workers 0-2 first ran one of worker 15's chunks
      for (int k = 0; k < CHUNKS; k++) {
        ms[g * CHUNKS + k] = 150 * (start + k + 1);
        ranBy[g * CHUNKS + k] = g;
      }
    }
    int first = SLOW * CHUNKS;
    ms[first] = 600;
    ranBy[first] = SLOW;
    for (int k = 1; k < CHUNKS; k++) {
      ms[first + k] = 150;
      ranBy[first + k] = k - 1;
    }
    return new Observation(new TaskTimes(ms, new BitSet(), OVERHEAD), ranBy);
  }

  /** Ignore mode, home copies at home: all but worker 15 end at 600 ms, its first chunk too. */
  private static Observation ignoreAtHome(boolean slow) {
    double[] ms = new double[WORKERS * CHUNKS];
    int[] ranBy = new int[ms.length];
    BitSet censored = new BitSet();
    for (int c = 0; c < ms.length; c++) {
      int g = c / CHUNKS;
      int k = c % CHUNKS;
      ranBy[c] = g;
      ms[c] = (g == SLOW && slow ? 600 : 150) * (k + 1);
      if (ms[c] > 600) {
        censored.set(c);
        ms[c] = 600;
      }
    }
    return new Observation(new TaskTimes(ms, censored, OVERHEAD), ranBy);
  }

  private record Observation(TaskTimes times, int[] ranBy) {}

  @Test
  void seesTheSlowWorkerFromTheChunksEachWorkerRanAndLeavesItOut() {
    ModeChooser withHolders = chooser();
    ModeChooser homeOnly = chooser();
    Observation bsp = interleavedBsp();
    withHolders.observe(bsp.times(), bsp.ranBy());
    homeOnly.observe(bsp.times());

    ModeChoice spans = homeOnly.choose();
    assertEquals(Mode.BSP, spans.mode(), "by spans alone the slowest are workers 0-2");
    ModeChoice ran = withHolders.choose();
    assertEquals("ignore:b=1", ran.label(), ran.reason());
    assertEquals(800, ran.predicted().bspMs(), 1e-9, ran.reason());
    // worker 15's own four chunks at its rate: 2400 ms; the others' own time 600 ms.
    assertEquals((600 + OVERHEAD) * 16 / 15, ran.predicted().ignoreMs(), 1e-9, ran.reason());
    assertTrue(ran.reason().contains("switch from bsp: ignore"), ran.reason());
  }

  @Test
  void keepsTheSlowWorkerOutWhileSlowAndReturnsToBspWhenItRecovers() {
    ModeChooser chooser = chooser();
    Observation bsp = interleavedBsp();
    chooser.observe(bsp.times(), bsp.ranBy());
    for (int it = 0; it < 10; it++) {
      ModeChoice choice = chooser.choose();
      assertEquals("ignore:b=1", choice.label(), choice.reason());
      Observation ignore = ignoreAtHome(true);
      chooser.observe(ignore.times(), ignore.ranBy());
    }
    boolean back = false;
    for (int it = 0; it < 10 && !back; it++) {
      ModeChoice choice = chooser.choose();
      back = choice.mode() == Mode.BSP;
      Observation ignore = ignoreAtHome(false);
      chooser.observe(ignore.times(), ignore.ranBy());
    }
    assertTrue(back, "bsp once worker 15 runs its chunks at the others' pace");
  }
}
