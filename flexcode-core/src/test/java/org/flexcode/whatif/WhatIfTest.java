package org.flexcode.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.metrics.ExecutorSlowness;
import org.flexcode.metrics.ExecutorSlowness.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class WhatIfTest {

  private static final String LR_SITE = "treeAggregate at RDDLossFunction.scala:61";

  @Test
  void groupsConsecutiveIterationsOfOneCallSiteIntoFits() {
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .otherJob()
            .iterations(5, 4, 8, SyntheticEventLog.SITE, (k, i) -> 100)
            .otherJob()
            .iterations(3, 4, 8, SyntheticEventLog.SITE, (k, i) -> 100)
            .iterations(4, 4, 8, LR_SITE, (k, i) -> 100)
            .parse("app.log");
    List<Fit> fits = FitFinder.fits(log);
    assertEquals(List.of(5, 3, 4), fits.stream().map(f -> f.iterations().size()).toList());
    assertEquals(LR_SITE, fits.get(2).label());
  }

  @Test
  void bspPredictionOfALogWithKnownTaskTimesEqualsItsMeasuredTime() {
    // Task times vary per task and iteration: 100 to 160 ms.
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .iterations(20, 4, 8, SyntheticEventLog.SITE, (k, i) -> 100 + (7 * k + 13 * i) % 61)
            .parse("app.log");
    FitAnalysis fit = WhatIf.analyse(log).get(0);
    double measured = fit.measuredMeanMs();
    Prediction bsp = fit.prediction("bsp");
    assertEquals(measured, bsp.meanIterationMs(), 0.02 * measured);
    assertEquals(measured, fit.replayedMeanMs(), 0.02 * measured);
    assertEquals(20, fit.fit().iterations().size());
    assertEquals(8, fit.tasks());
  }

  @Test
  void onePersistentlySlowExecutorIsDiagnosedPersistentAndStealSavesTime() {
    // Executor 0 (tasks 0 and 4) runs its tasks 4x as long as the others in every iteration.
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .iterations(20, 4, 8, SyntheticEventLog.SITE, (k, i) -> i % 4 == 0 ? 400 : 100)
            .parse("app.log");
    FitAnalysis fit = WhatIf.analyse(log).get(0);
    ExecutorSlowness slow = fit.stragglers().executor("0").orElseThrow();
    assertEquals(Verdict.PERSISTENT, slow.verdict());
    assertEquals(
        3, fit.stragglers().executors().stream().filter(e -> e.verdict() == Verdict.NONE).count());
    Prediction steal = fit.prediction("steal");
    assertTrue(steal.savedMs() > 0, "steal saves time: " + steal);
    assertTrue(
        steal.meanIterationMs() < fit.prediction("bsp").meanIterationMs(),
        "steal below bsp: " + fit.predictions());
    assertEquals(3, steal.copies());
    assertEquals(3 * 8000L, steal.memoryBytes());
  }

  @Test
  void theTextReportNamesTheStragglerAndEveryStrategy() {
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .iterations(10, 4, 8, SyntheticEventLog.SITE, (k, i) -> i % 4 == 1 ? 400 : 100)
            .parse("app.log");
    String text = WhatIfReport.text(log, WhatIf.analyse(log));
    assertTrue(text.contains("executor 1: persistent"), text);
    for (String strategy : WhatIf.STRATEGIES) {
      assertTrue(text.contains("| " + strategy + " | "), strategy + " in " + text);
    }
  }
}
