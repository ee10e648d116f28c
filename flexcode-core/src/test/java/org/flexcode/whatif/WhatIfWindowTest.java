package org.flexcode.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A FlexCode fit whose cancelled stragglers report after the next iteration has started, and an
 * executor that registered but ran no iteration task.
 */
@Tag("unit")
class WhatIfWindowTest {

  /** A number with a minus sign in the text report: a negative figure. */
  private static final Pattern NEGATIVE = Pattern.compile("(^|[ (|])-\\d");

  @Test
  void aCancelledTaskReportingInTheNextIterationLeavesNoNegativeTimeOutsideTheStages() {
    // 10 iterations, 8 tasks of 100 ms: each iteration's last task is killed and reports 300 ms
    // after its job's end, 280 ms into the next iteration. Outside the tasks: the 10 ms from each
    // job's submission to its launch.
    EventLog log = new SyntheticEventLog("3.5.7").engineIterations(10, 4, 8, 100, 300).parse("a");
    Fit fit = FitFinder.fits(log).get(0);
    assertEquals(10, fit.iterations().size());
    assertEquals(10 * 10L, fit.outsideStagesMs());
    assertEquals(fit.measuredMs(), fit.inStagesMs() + fit.outsideStagesMs());
    for (TrainingIteration it : fit.iterations()) {
      assertTrue(it.inStageMs() <= it.measuredMs(), "in stage within the window: " + it);
    }
  }

  @Test
  void theTextReportOfSuchAFitShowsNoNegativeFigureOutsideTheSavedColumn() {
    EventLog log = new SyntheticEventLog("3.5.7").engineIterations(10, 4, 8, 100, 300).parse("a");
    String text = WhatIfReport.text(log, WhatIf.analyse(log));
    String header = text.lines().filter(l -> l.contains("outside them")).findFirst().orElseThrow();
    assertFalse(NEGATIVE.matcher(header).find(), header);
    assertTrue(header.contains(", 0.1 s outside them"), header);
  }

  @Test
  void anExecutorThatRegisteredButRanNoIterationTaskIsReported() {
    // Executors 0 to 3 run the tasks; executor 4 registered before the fit and ran none; executor
    // 5 registered after it; executor 6 was removed before it.
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .executorAdded("6")
            .executorRemoved("6")
            .otherJob()
            .executorAdded("0")
            .executorAdded("1")
            .executorAdded("2")
            .executorAdded("3")
            .executorAdded("4")
            .iterations(5, 4, 8, SyntheticEventLog.SITE, (k, i) -> 100)
            .executorAdded("5")
            .parse("app.log");
    FitAnalysis fit = WhatIf.analyse(log).get(0);
    assertEquals(List.of("4"), fit.idleExecutors().stream().map(LoggedExecutor::id).toList());
    assertEquals(4, fit.executors().size());
    String text = WhatIfReport.text(log, List.of(fit));
    assertTrue(
        text.contains("executor 4 (h) registered but ran no iteration task: avoided or slow"),
        text);
    assertFalse(text.contains("executor 5 (h)"), text);
    Map<?, ?> json =
        (Map<?, ?>) ((List<?>) WhatIfReport.json(log, List.of(fit)).get("fits")).get(0);
    assertEquals(List.of(Map.of("executor", "4", "host", "h")), json.get("idle_executors"));
  }
}
