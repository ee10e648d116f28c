package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The time-to-target chart: a bar per strategy and pattern, measured before extrapolated. */
@Tag("unit")
class TargetChartTest {

  @Test
  void aRowsTimeIsMeasuredElseExtrapolatedElseNone() {
    assertEquals(2.5, TargetChart.seconds(row("bsp", "ideal", 2500.0, 9000.0)));
    assertEquals(9.0, TargetChart.seconds(row("bsp", "ideal", null, 9000.0)));
    assertNull(TargetChart.seconds(row("bsp", "ideal", null, null)));
  }

  @Test
  void withoutAnyTimeToTargetTheBarsAreTheMeanIterations() {
    Map<String, Object> row = row("bsp", "ideal", null, null);
    row.put("mean_iteration_ms", 606.0);
    assertEquals(606.0, TargetChart.meanIterationMs(row));
    assertNull(TargetChart.meanIterationMs(row("bsp", "ideal", 2000.0, null)));
    assertTrue(TargetChart.title(false).startsWith("Mean iteration"), TargetChart.title(false));
    assertTrue(TargetChart.title(true).startsWith("Time to target"), TargetChart.title(true));
  }

  @Test
  void drawsOnePngBesideTheReportFromItsJson(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("grid.json");
    Files.writeString(
        report,
        """
        {"runs": [
          {"strategy": "bsp", "pattern": "ideal", "time_to_target_ms": 2000.0},
          {"strategy": "steal", "pattern": "ideal", "time_to_target_ms": 2100.0},
          {"strategy": "bsp", "pattern": "persistent:k=1,factor=4.0",
           "time_to_target_ms": 6000.0},
          {"strategy": "steal", "pattern": "persistent:k=1,factor=4.0",
           "time_to_target_ms": null, "time_to_target_extrapolated_ms": null}
        ]}
        """);
    TargetChart.main(new String[] {report.toString()});
    Path png = dir.resolve("grid-time-to-target.png");
    assertTrue(Files.size(png) > 1000, "a PNG of some size at " + png);
  }

  @Test
  void drawsFromTheRowsTheBenchWrites(@TempDir Path dir) throws Exception {
    Path png =
        TargetChart.draw(
            dir.resolve("bench.json"),
            List.of(row("bsp", "ideal", 2000.0, null), row("auto", "ideal", 1900.0, null)));
    assertEquals(dir.resolve("bench-time-to-target.png"), png);
    assertTrue(Files.size(png) > 1000);
  }

  private static Map<String, Object> row(
      String strategy, String pattern, Double measured, Double extrapolated) {
    Map<String, Object> row = new HashMap<>();
    row.put("strategy", strategy);
    row.put("pattern", pattern);
    row.put("time_to_target_ms", measured);
    row.put("time_to_target_extrapolated_ms", extrapolated);
    return row;
  }
}
