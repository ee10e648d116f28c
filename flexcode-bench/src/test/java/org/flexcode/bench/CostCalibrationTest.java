package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.flexcode.model.Costs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Calibration on synthetic reports recovers the costs they were made with. */
@Tag("unit")
class CostCalibrationTest {

  private static JsonNode tree(Map<String, Object> root) {
    return new ObjectMapper().valueToTree(root);
  }

  @Test
  void recoversBlockTimeLaunchAndFixedCostFromOneReport() {
    CostCalibration c = CostCalibration.fit(List.of(tree(SyntheticReports.report(8, 50, 80))));
    assertEquals(new BenchShape(4, 1, 8), c.shape());
    assertEquals(SyntheticReports.T, c.blockMs(), 1e-9);
    assertEquals(SyntheticReports.L, c.costs().taskLaunchMs(), 1e-9);
    assertEquals(1.0, c.modelMb(), 1e-12);
    assertEquals(50, c.costs().fixedMs(8, 1.0), 1e-9, "the report's own fixed cost is kept");
    assertEquals(80, c.mllibCosts().fixedMs(8, 1.0), 1e-9, "MLlib's own fixed cost");
    // One n and one model size: the slopes are the defaults, the intercept holds the rest.
    assertEquals(CostCalibration.DEFAULT_COSTS.decodePerTaskMs(), c.costs().decodePerTaskMs());
    assertEquals(CostCalibration.DEFAULT_COSTS.broadcastPerMbMs(), c.costs().broadcastPerMbMs());
  }

  @Test
  void fitsTheDecodeSlopeAcrossReportsOfDifferentTaskCounts() {
    // F = 30 + 0.5 n: n = 8 gives 34, n = 16 gives 38.
    CostCalibration c =
        CostCalibration.fit(
            List.of(
                tree(SyntheticReports.report(8, 34, 80)),
                tree(SyntheticReports.report(16, 38, 80))));
    Costs costs = c.costs();
    assertEquals(0.5, costs.decodePerTaskMs(), 1e-9);
    assertEquals(34, costs.fixedMs(8, 1.0), 1e-9);
    assertEquals(38, costs.fixedMs(16, 1.0), 1e-9);
    assertTrue(c.notes().get(0).startsWith("fitted from 2 report(s)"), c.notes().toString());
  }

  @Test
  void aReportWithoutASingleBlockIdealRowIsRefused() {
    Map<String, Object> root = SyntheticReports.report(8, 50, 80);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> runs = (List<Map<String, Object>>) root.get("runs");
    runs.removeIf(r -> r.get("strategy").equals("bsp") || r.get("strategy").equals("ignore"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CostCalibration.fit(List.of(tree(root))));
    assertTrue(e.getMessage().contains("bsp or ignore row under ideal"), e.getMessage());
  }

  @Test
  void shapesComeFromTheMaster() {
    assertEquals(List.of(8, 2), List.of(BenchShape.ofMaster("local-cluster[8, 2, 1024]")[0], 2));
    assertEquals(3, BenchShape.ofMaster("local[3]")[1]);
    assertEquals(4, BenchShape.ofMaster("spark://127.0.0.1:7077")[0]);
  }
}
