package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** An inexact row's iterations past the measured ones: read by the time to target alone. */
@Tag("unit")
class RunBeyondTest {

  private static final Run.Cost COST = new Run.Cost(1.0, 0, 0, 1_000, 10.0, 0.2);

  /** Five entries (four updates and the final pass): ms, ends, losses, shares and choices. */
  private static Run inexactRun() {
    return new Run(
        "ignore:b=1",
        "ideal",
        new double[] {100, 100, 100, 100, 500},
        new double[] {100, 200, 300, 400, 900},
        new double[] {3.0, 2.0, 1.2, 0.95, 0.9},
        new double[] {3.0, 2.1, 1.1, 0.99, 0.8},
        COST,
        new double[] {0.75, 0.75, 0.75, 0.75, 0.75},
        List.of("b=1", "b=1", "b=1", "b=1", "b=1"),
        null);
  }

  @Test
  void cutAfterKeepsTheMeasuredEntriesAndOnlyEndsAndExactLossesBeyond() {
    Run cut = inexactRun().cutAfter(3);
    assertArrayEquals(new double[] {100, 100, 100}, cut.iterationMs());
    assertArrayEquals(new double[] {100, 200, 300}, cut.endMs());
    assertArrayEquals(new double[] {3.0, 2.0, 1.2}, cut.loss());
    assertArrayEquals(new double[] {3.0, 2.1, 1.1}, cut.exactLoss());
    assertEquals(3, cut.shareUsed().length);
    assertEquals(3, cut.choices().size());
    assertEquals(1.1, cut.finalExactLoss());
    assertArrayEquals(new double[] {400, 900}, cut.beyond().endMs());
    assertArrayEquals(new double[] {0.99, 0.8}, cut.beyond().exactLoss());
    Run whole = inexactRun();
    assertSame(whole, whole.cutAfter(5), "nothing past five entries");
    assertNull(whole.beyond());
  }

  @Test
  void theTimeToTargetCountsTheIterationsBeyondAndNothingElseDoes() {
    Run mllib =
        new Run(
            "mllib",
            "ideal",
            new double[] {100, 100, 100},
            new double[] {100, 200, 300},
            new double[] {3.0, 2.0, 1.0},
            new double[] {3.0, 2.0, 1.0},
            COST);
    Run inexact = inexactRun().cutAfter(3);
    BenchReport report = new BenchReport(List.of(mllib, inexact), true, "emulated");
    Map<String, Object> row = report.row(inexact);
    assertEquals(100.0, (Double) row.get("mean_iteration_ms"), 1e-12, "the measured three");
    assertEquals(1.1, (Double) row.get("final_exact_loss"), 0.0);
    assertEquals(400.0, (Double) row.get("time_to_target_ms"), 0.0, "reached past the measured");
    assertEquals(3, row.get("time_to_target_iteration"));
    assertEquals(2, row.get("iterations_past_measured"));
    Map<String, Object> exactRow = report.row(mllib);
    assertEquals(300.0, (Double) exactRow.get("time_to_target_ms"), 0.0);
    assertEquals(2, exactRow.get("time_to_target_iteration"));
    assertEquals(0, exactRow.get("iterations_past_measured"));
  }

  @Test
  void anInexactRowRunsTenPercentMoreIterationsAtLeastOne() {
    assertEquals(3, BenchRunner.pastIterations(30));
    assertEquals(1, BenchRunner.pastIterations(2));
    assertEquals(1, BenchRunner.pastIterations(10));
    assertEquals(2, BenchRunner.pastIterations(11));
  }
}
