package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}'s chooser when a mode's measured time is not what the model predicts: 8 workers of
 * one block cut into 4 chunks (25 records each), 50 ms of fixed cost, ignore keeping at least 80%
 * of the records (b = 1). Workers 0-5 take 600 ms, worker 6 750 and worker 7 2,400 (persistent).
 * The model's steal: idle holders take worker 7's chunks after 1.1 x 600 and each takes 600 / 4
 * more, 810 + 50 = 860 ms; its ignore:b=1: worker 6's 750 + 50 over 7/8 of the records, 914 ms per
 * pass. In steal mode the engine below ends worker 7's chunks at {@code copiedMs} instead of 810:
 * the costs of copies the model misses.
 */
@Tag("unit")
class ModeChooserCalibrationTest {

  private static final int WORKERS = 8;
  private static final int CHUNKS = 4;

  private static ModeChooser chooser() {
    return ModeChoosers.ofWorkers(WORKERS, CHUNKS, 25, 0.8, CHUNKS);
  }

  private static List<ModeChoice> run(ModeChooser chooser, int iterations, double copiedMs) {
    return ModeChoosers.run(
        chooser, iterations, choice -> ModeChoosers.persistentSeventh(choice, 750, copiedMs));
  }

  @Test
  void stealMeasuredSlowerThanItsForecastGivesWayToIgnore() {
    // Copies end at 1,050: steal measures 1,100 ms against the forecast 860 (x1.28), so once
    // measured (three iterations) ignore's 914 is 17% less. By the model alone steal would stay.
    List<ModeChoice> choices = run(chooser(), 10, 1050);
    for (ModeChoice choice : choices.subList(1, 4)) {
      assertEquals(Mode.STEAL, choice.mode(), choice.reason());
      assertEquals(860, choice.predicted().stealMs(), 1e-9, choice.reason());
    }
    ModeChoice switched = choices.get(4);
    assertEquals("ignore:b=1", switched.label(), switched.reason());
    assertEquals(1100, switched.predicted().stealMs(), 1e-9, switched.reason());
    assertTrue(switched.reason().contains("steal 1100 (x1.28 measured)"), switched.reason());
    for (ModeChoice choice : choices.subList(4, choices.size())) {
      assertEquals(Mode.IGNORE, choice.mode(), choice.reason());
    }
    // Ignore measured what the model forecast (800 ms an iteration): its factor is 1.
    ModeChoice last = choices.get(choices.size() - 1);
    assertEquals(800 / 0.875, last.predicted().ignoreMs(), 1e-9, last.reason());
    assertTrue(last.reason().contains("(x1.00 measured)"), last.reason());
  }

  @Test
  void aMeasuredFactorStandsUntilNewerRatiosReplaceIt() {
    // As above, then 30 more iterations in ignore: steal's factor (measured at iterations 1-3) is
    // still applied, so steal is not run again to measure it anew.
    ModeChooser chooser = chooser();
    run(chooser, 10, 1050);
    List<ModeChoice> later = run(chooser, 30, 1050);
    for (ModeChoice choice : later) {
      assertEquals(Mode.IGNORE, choice.mode(), choice.reason());
    }
    ModeChoice last = later.get(later.size() - 1);
    assertTrue(last.reason().contains("steal 1100 (x1.28 measured)"), last.reason());
  }

  @Test
  void stealMeasuredAsSlowAsBspGoesStraightToIgnoreWhenThatIsMoreThanTenPercentLess() {
    // Worker 7 at 1,000 ms: bsp 1,050; the model's steal 860 (18% less: steal is run), but its
    // copies end at 1,000 too, so steal measures 1,050 (x1.22). Then bsp is within 10% and
    // simpler, and ignore:b=1 (914 per pass) 13% less than bsp: bsp would be left at once, so
    // auto goes from steal to ignore without a bsp iteration between.
    List<ModeChoice> choices =
        ModeChoosers.run(
            chooser(), 10, choice -> ModeChoosers.slowSeventh(choice, 750, 1000, 1000));
    for (ModeChoice choice : choices.subList(1, 4)) {
      assertEquals(Mode.STEAL, choice.mode(), choice.reason());
    }
    ModeChoice switched = choices.get(4);
    assertEquals("ignore:b=1", switched.label(), switched.reason());
    assertTrue(
        switched.reason().contains("bsp is within 10% and simpler, and ignore predicts"),
        switched.reason());
    for (ModeChoice choice : choices.subList(4, choices.size())) {
      assertEquals(Mode.IGNORE, choice.mode(), choice.reason());
    }
  }

  @Test
  void aModelThatMatchesTheMeasurementsKeepsTheModelsChoice() {
    // Copies end where the model says (810): steal measures its forecast and stays.
    List<ModeChoice> choices = run(chooser(), 10, 810);
    for (ModeChoice choice : choices.subList(1, choices.size())) {
      assertEquals(Mode.STEAL, choice.mode(), choice.reason());
    }
  }

  @Test
  void factorsAreTheMedianRatioOfThreeOrMoreClampedAndForgotten() {
    ModeCalibration calibration = new ModeCalibration(3, 5);
    calibration.record(Mode.STEAL, 100, 150);
    calibration.record(Mode.STEAL, 100, 110);
    assertEquals(1.0, calibration.factor(Mode.STEAL), "two ratios are not a measurement");
    calibration.record(Mode.STEAL, 100, 500); // 1.5, 1.1, 5.0: the median, not the mean 2.53
    assertEquals(1.5, calibration.factor(Mode.STEAL), 1e-12);
    calibration.record(Mode.STEAL, 100, 450); // window 3: 1.1, 5.0, 4.5, clamped
    assertEquals(ModeCalibration.MAX_FACTOR, calibration.factor(Mode.STEAL));
    calibration.record(Mode.BSP, 100, 103);
    calibration.record(Mode.BSP, 100, 103);
    calibration.record(Mode.BSP, 100, 100);
    assertTrue(calibration.measured(Mode.BSP));
    assertEquals(1.03, calibration.factor(Mode.BSP), 1e-12);
    // Iteration 7: steal's ratio of iteration 2 is 5 iterations old, forgotten; two are left.
    assertTrue(!calibration.measured(Mode.STEAL), "two ratios are not a measurement");
    assertEquals(1.0, calibration.factor(Mode.STEAL));
    // Iterations without a steady forecast keep no ratio but still age the kept ones.
    calibration.record(Mode.BSP, Double.NaN, 100);
    calibration.record(Mode.BSP, Double.NaN, 100);
    assertEquals(1.03, calibration.factor(Mode.BSP), 1e-12, "the ratios of 5, 6 and 7 are kept");
    calibration.record(Mode.BSP, Double.NaN, 100);
    assertTrue(!calibration.measured(Mode.BSP), "iteration 10: the ratio of iteration 5 is gone");
  }
}
