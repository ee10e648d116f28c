package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.model.DataPlaneFit.IterationPair;
import org.flexcode.model.DataPlaneFit.MergeTiming;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The data plane's fit: exact on rows its own model made, and validated on a measured row. */
@Tag("unit")
class DataPlaneFitTest {

  @Test
  void recoversTheConstantsOfRowsItsModelMade() {
    int d = 4096;
    DataPlane truth = new DataPlane(3e8, 8e8, 12, 3e8, 8e8);
    List<MergeTiming> merges =
        List.of(
            new MergeTiming(16, 16.0 * d / 8e8 * 1000), new MergeTiming(64, 64.0 * d / 8e8 * 1000));
    double base = 100;
    List<IterationPair> pairs =
        List.of(pair(truth, 16, d, base), pair(truth, 64, d, base), pair(truth, 256, d, base));
    DataPlane fitted = DataPlaneFit.fit(merges, pairs, d).local();
    assertEquals(3e8, fitted.driverBytesPerSecond(), 3e8 * 1e-9);
    assertEquals(8e8, fitted.driverEntriesPerSecond(), 8e8 * 1e-9);
    assertEquals(12, fitted.combineJobMs(), 1e-6);
  }

  @Test
  void theMeasuredFitIsPositiveAndItsHeldOutRowIsWithinTolerance() {
    DataPlaneFit fit = DataPlaneFit.measured();
    DataPlane local = fit.local();
    assertTrue(local.driverBytesPerSecond() > 0);
    assertTrue(local.driverEntriesPerSecond() > 0);
    assertTrue(local.combineJobMs() >= 0);
    double error = fit.error(DataPlaneFit.HELD_OUT);
    assertTrue(Math.abs(error) <= DataPlaneFit.TOLERANCE, fit.format());
    assertTrue(fit.validates());
    assertTrue(fit.format().contains("| steal | 64 | held out |"), fit.format());
  }

  @Test
  void theFitContendersRowsArePredictedExactly() {
    DataPlaneFit fit = DataPlaneFit.measured();
    for (IterationPair p : DataPlaneFit.MEASURED) {
      if (p.contender().equals(DataPlaneFit.FIT_CONTENDER)) {
        assertEquals(0.0, fit.error(p), 1e-9, p.toString());
      }
    }
  }

  private static IterationPair pair(DataPlane truth, int n, int d, double base) {
    return new IterationPair(
        "bsp", n, base + truth.driverPathMs(n, d), base + truth.executorPathMs(n, 1, d));
  }
}
