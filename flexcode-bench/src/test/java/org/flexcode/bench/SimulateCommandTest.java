package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.flexcode.metrics.JsonReports;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** flexcode-submit simulate: clear argument errors, the scale table, the validation. */
@Tag("unit")
class SimulateCommandTest {

  @TempDir Path dir;

  private static String run(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    assertEquals(
        0, SimulateCommand.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8)));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static String error(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> run(args)).getMessage();
  }

  @Test
  void argumentErrorsNameTheBadValue() {
    assertTrue(error("--executors", "1000,lots").contains("got '1000,lots'"));
    assertTrue(error("--cores", "0").contains("--cores must be >= 1, got 0"));
    assertTrue(error("--pattern", "sometimes").contains("unknown straggler pattern 'sometimes'"));
    assertTrue(error("--strategies", "bsp,magic").contains("'magic' has no model rule"));
    assertTrue(
        error("--calibrate", dir.resolve("none.json").toString()).contains("no such report"));
    assertTrue(error("--block-ms", "-1").contains("--block-ms must be > 0, got -1"));
    assertTrue(error("--workers", "3").contains("unknown option --workers"));
  }

  @Test
  void tableAtAThousandExecutorsHasARowPerStrategyAndPatternPlusTheLimits() throws Exception {
    List<String> strategies = List.of("bsp", "ignore", "frc", "cyclic", "shadow");
    List<String> patterns = List.of("ideal", "slow-worker:p=0.2,max=2", "power-law:alpha=4");
    String out =
        run(
            "--executors",
            "1000",
            "--cores",
            "2",
            "--strategies",
            String.join(",", strategies),
            "--pattern",
            patterns.get(0),
            "--pattern",
            patterns.get(1),
            "--pattern",
            patterns.get(2),
            "--task-budget",
            "20000");
    for (String p : patterns) {
      for (String s : strategies) {
        assertTrue(
            out.contains("| 1000 | 2 | 2000 | " + p + " | " + s + " |"), s + " " + p + "\n" + out);
      }
      assertTrue(out.contains("| 1000 | 2 | 2000 | " + p + " | limit |"), out);
    }
    assertTrue(out.contains("no model: cyclic"), "cyclic stops at 64 tasks: " + out);
    assertTrue(out.contains("default costs"), out);
  }

  @Test
  void calibratedRunValidatesEveryMeasuredRowAtTheBenchShape() throws Exception {
    Path report = dir.resolve("bench.json");
    JsonReports.write(report, SyntheticReports.report(8, 50, 80));
    String out =
        run("--calibrate", report.toString(), "--executors", "64", "--task-budget", "5000");
    assertTrue(
        out.contains("## Validation at the bench's shape (4 executors x 1 cores, 8 tasks)"), out);
    // Under ideal the run's own draws and the expectation agree: both columns 270 ms.
    assertTrue(out.contains("| bsp | ideal | 270.0 | 270.0 | 1.00 | 270.0 | 1.00 |"), out);
    assertTrue(out.contains("| mllib+speculation | ideal | 270.0 |  |  |  |  | no model:"), out);
    assertTrue(out.contains("| 64 | 1 | 64 | slow-worker:p=0.2,max=2 | mllib |"), out);
  }

  @Test
  void dataPlanePrintsTheFitAndTheProjection() throws Exception {
    String out =
        run(
            "--data-plane",
            "--executors",
            "8",
            "--cores",
            "2",
            "--dimensions",
            "4096",
            "--pattern",
            "ideal",
            "--task-budget",
            "2000");
    assertTrue(out.contains("Held out: steal, n = 64"), out);
    assertTrue(out.contains("| 8 | 2 | 16 | 4096 | ideal | treeAggregate depth 2 |"), out);
    assertTrue(out.contains("| auto:exact=true, executor path |"), out);
    assertTrue(error("--data-plane", "--dimensions", "0").contains("integers >= 1, got '0'"));
    assertTrue(run("--data-plane", "--help").contains("--driver-gbit"));
  }
}
