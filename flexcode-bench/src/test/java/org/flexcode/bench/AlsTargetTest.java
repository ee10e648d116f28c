package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Without an mllib row (mf), the time to target is to Spark's ALS's objective under ideal. */
@Tag("unit")
class AlsTargetTest {

  private static final Run.Cost COST = new Run.Cost(1.0, 0, 0, 1_000, null, 0.2);

  private static Run run(String strategy, double[] ends, double[] loss) {
    double[] ms = new double[ends.length];
    java.util.Arrays.fill(ms, 100);
    return new Run(strategy, "ideal", ms, ends, loss, loss, COST);
  }

  @Test
  void mfRowsRaceToAlssObjectiveUnderIdeal() {
    Run als = run("als", new double[] {900}, new double[] {0.9});
    Run bsp = run("bsp", new double[] {100, 200, 300}, new double[] {2.0, 1.0, 0.85});
    Run slow = run("steal", new double[] {100, 200}, new double[] {2.0, 1.5});
    BenchReport report = new BenchReport(List.of(als, bsp, slow), true, "emulated");

    assertEquals(900.0, (Double) report.row(als).get("time_to_target_ms"), 0.0);
    Map<String, Object> bspRow = report.row(bsp);
    assertEquals(300.0, (Double) bspRow.get("time_to_target_ms"), 0.0);
    assertEquals(2, bspRow.get("time_to_target_iteration"), "the first entry is the start");
    assertNull(report.row(slow).get("time_to_target_ms"), "1.5 never reaches 0.9");
  }
}
