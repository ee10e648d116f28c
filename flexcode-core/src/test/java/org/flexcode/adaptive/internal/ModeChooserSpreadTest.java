package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}'s chooser discounting ignore by the progress the workers' gradients allow: 8 workers
 * of one block cut into 4 chunks (25 records each), 50 ms of fixed cost, ignore keeping at least
 * 80% of the records (b = 1). Workers 0-5 take 600 ms, worker 6 710 and worker 7 2,400
 * (persistent). The model's steal: idle holders take worker 7's chunks after 1.1 x 600 and each
 * takes 600 / 4 more, 810 + 50 = 860 ms; ignore:b=1 iterates in 710 + 50 = 760 ms, which over the
 * share of the records it keeps (7/8) is 869 ms per pass: more than steal's, but 12% less if an
 * iteration without worker 7 makes an exact iteration's progress.
 */
@Tag("unit")
class ModeChooserSpreadTest {

  private static final int WORKERS = 8;
  private static final int CHUNKS = 4;

  /**
   * Each worker's gradient sum over its 100 records: mean (1 + spread, 2) for even workers, (1 -
   * spread, 2) for odd ones; worker 7 missing unless bsp waited for it.
   */
  private static double[][] gradients(ModeChoice choice, double spread) {
    double[][] sums = new double[WORKERS][];
    for (int w = 0; w < WORKERS; w++) {
      double sign = w % 2 == 0 ? 1 : -1;
      sums[w] = new double[] {100 * (1 + sign * spread), 200};
    }
    sums[7] = choice.mode() == Mode.BSP ? sums[7] : null;
    return sums;
  }

  private static List<ModeChoice> run(double spread, boolean reportGradients) {
    ModeChooser chooser = ModeChoosers.ofWorkers(WORKERS, CHUNKS, 25, 0.8, CHUNKS);
    return ModeChoosers.run(
        chooser,
        6,
        choice -> {
          if (reportGradients) {
            chooser.observeGradients(gradients(choice, spread));
          }
          return ModeChoosers.persistentSeventh(choice, 710, 810);
        });
  }

  @Test
  void agreeingGradientsMakeIgnoreWorthTheRecordsItLeavesOut() {
    List<ModeChoice> choices = run(0.01, true);
    for (ModeChoice choice : choices.subList(1, choices.size())) {
      assertEquals(Mode.IGNORE, choice.mode(), choice.reason());
      assertEquals(1, choice.b(), choice.reason());
    }
    assertTrue(
        choices
            .get(1)
            .reason()
            .contains("ignore:b=1 760 (progress 1.000 by the gradients' spread rho="),
        choices.get(1).reason());
  }

  @Test
  void leavesOutTheMostWorkersWhoseProgressCostsUnderThreePercent() {
    // Worker 6 as fast as the rest: every b from 1 to 4 (floor 0.5) iterates in 650 ms, and with
    // agreeing gradients each keeps more than 99% of an exact iteration's progress. The largest
    // b, 4, is kept: a worker that turns slow next is already left out.
    ModeChooser chooser = ModeChoosers.ofWorkers(WORKERS, CHUNKS, 25, 0.5, CHUNKS);
    List<ModeChoice> choices =
        ModeChoosers.run(
            chooser,
            6,
            choice -> {
              chooser.observeGradients(gradients(choice, 0.01));
              return ModeChoosers.persistentSeventh(choice, 600, 810);
            });
    for (ModeChoice choice : choices.subList(1, choices.size())) {
      assertEquals("ignore:b=4", choice.label(), choice.reason());
    }
  }

  @Test
  void spreadGradientsOrNoneReportedKeepSteal() {
    // Spread 7: rho = 8/7 x 49 / 5 = 11.2, progress 1 - 11.2 / 56 = 0.80, 950 ms per pass.
    for (boolean reported : new boolean[] {true, false}) {
      List<ModeChoice> choices = run(7, reported);
      for (ModeChoice choice : choices.subList(1, choices.size())) {
        assertEquals(Mode.STEAL, choice.mode(), choice.reason());
      }
    }
  }
}
