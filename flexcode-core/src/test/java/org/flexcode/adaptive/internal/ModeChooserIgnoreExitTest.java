package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * When {@code auto}'s chooser leaves ignore: not because a straggler that ignore has cut for longer
 * than any window looks fast, and not for an exact mode predicted slower, only for one predicted no
 * slower (or more than 10% faster).
 */
@Tag("unit")
class ModeChooserIgnoreExitTest {

  @Test
  void aStragglerIgnoreHasCutForLongerThanFourWindowsStaysSlowInTheEstimate() {
    // Worker 7 at 2,400 ms, cut by ignore from the second iteration on. Its last observation was
    // forgotten after 4 x window = 20 iterations before: bsp then looked like 650 ms per pass and
    // auto went back to bsp, to wait 2,400 ms again.
    ModeChooser chooser = ModeChoosers.ofWorkers(8, 4, 25, 0.8, 4);
    List<ModeChoice> choices =
        ModeChoosers.run(chooser, 60, c -> ModeChoosers.persistentSeventh(c, 600, 810));
    assertEquals(Mode.BSP, choices.get(0).mode());
    for (ModeChoice choice : choices.subList(1, choices.size())) {
      assertEquals("ignore:b=1", choice.label(), choice.reason());
    }
    ModeChoice last = choices.get(choices.size() - 1);
    assertEquals(2450, last.predicted().bspMs(), 1e-9, last.reason());
  }

  @Test
  void ignoreIsLeftForAnExactModeOnlyWhenThatPredictsNoMoreTime() {
    // Eight workers of one chunk; identical gradients, so leaving workers out costs no progress.
    ModeChooser chooser = ModeChoosers.ofWorkers(8, 1, 100, 0.75, 1);
    double[] straggler = {600, 600, 600, 600, 600, 600, 650, 2400};
    List<ModeChoice> slow = run(chooser, 3, straggler);
    assertEquals("ignore:b=2", slow.get(2).label(), slow.get(2).reason());

    // Worker 7 recovers; worker 6 stays 50 ms slower. Once the straggler's tail shape (seen at
    // iteration 0, remembered 10 iterations) has expired, bsp would take 700 ms and ignore:b=2
    // 650: bsp is 8% slower, within the 10% that used to send auto back to the simpler mode.
    double[] nearlyEven = {600, 600, 600, 600, 600, 620, 650, 400};
    List<ModeChoice> kept = run(chooser, 16, nearlyEven);
    for (ModeChoice choice : kept) {
      assertEquals(Mode.IGNORE, choice.mode(), choice.reason());
    }
    ModeChoice last = kept.get(kept.size() - 1);
    assertEquals(700, last.predicted().bspMs(), 1e-9, last.reason());
    assertEquals(650, last.predicted().ignoreMs(), 1e-9, last.reason());

    // Worker 6 recovers too: bsp predicts no more than ignore, and exact sums are preferred.
    double[] even = {600, 600, 600, 600, 600, 600, 600, 400};
    List<ModeChoice> back = run(chooser, 8, even);
    assertTrue(
        back.stream().anyMatch(c -> c.reason().contains("switch from ignore: bsp is exact")),
        back.get(back.size() - 1).reason());
    assertEquals(Mode.BSP, back.get(back.size() - 1).mode());
  }

  /**
   * Runs {@code iterations} iterations over workers of one chunk each taking {@code ms}; ignore:b
   * cancels the b slowest (of equal times the lower-numbered), each worker reports the same
   * gradient.
   */
  private static List<ModeChoice> run(ModeChooser chooser, int iterations, double[] ms) {
    List<ModeChoice> choices = new ArrayList<>();
    for (int it = 0; it < iterations; it++) {
      ModeChoice choice = chooser.choose();
      choices.add(choice);
      Integer[] slowestFirst =
          IntStream.range(0, ms.length)
              .boxed()
              .sorted(Comparator.comparingDouble((Integer c) -> -ms[c]).thenComparingInt(c -> c))
              .toArray(Integer[]::new);
      BitSet censored = new BitSet();
      double[] seen = ms.clone();
      for (int k = 0; k < choice.b(); k++) {
        censored.set(slowestFirst[k]);
        seen[slowestFirst[k]] = ms[slowestFirst[choice.b()]];
      }
      chooser.observe(new TaskTimes(seen, censored, 50));
      double[][] sums = new double[ms.length][];
      for (int w = 0; w < ms.length; w++) {
        sums[w] = censored.get(w) ? null : new double[] {100, 200};
      }
      chooser.observeGradients(sums);
    }
    return choices;
  }
}
