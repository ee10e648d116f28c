package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The model's columns: a model_ms for every row with a rule, a note otherwise, a limit each. */
@Tag("unit")
class ModelColumnsTest {

  @Test
  @SuppressWarnings("unchecked")
  void addsModelMsToEveryModelledRowANoteOtherwiseAndALimitPerPattern() {
    Map<String, Object> root = SyntheticReports.report(8, 50, 80);
    String md = ModelColumns.annotate(root);
    List<Map<String, Object>> runs = (List<Map<String, Object>>) root.get("runs");
    for (Map<String, Object> row : runs) {
      String s = (String) row.get("strategy");
      if (s.equals("mllib+speculation") || s.equals("hybrid")) {
        assertFalse(row.containsKey("model_ms"), row.toString());
        assertTrue(((String) row.get("model_note")).startsWith("no model: "), row.toString());
      } else {
        double model = (Double) row.get("model_ms");
        double ratio = (Double) row.get("measured_over_model");
        assertEquals((Double) row.get("mean_iteration_ms") / model, ratio, 1e-12);
        if (row.get("pattern").equals("ideal") && (s.equals("bsp") || s.equals("mllib"))) {
          assertEquals(1.0, ratio, 1e-9, "calibrated on this row: " + row);
        }
      }
    }
    Map<String, Object> model = (Map<String, Object>) root.get("model");
    assertEquals(Map.of("executors", 4, "cores", 1, "tasks", 8), model.get("cluster"));
    List<Map<String, Object>> limits = (List<Map<String, Object>>) model.get("limits");
    assertEquals(2, limits.size());
    for (Map<String, Object> limit : limits) {
      assertNotNull(limit.get("model_ms"));
      assertEquals(
          50 + 2 * (SyntheticReports.T + SyntheticReports.L), (Double) limit.get("model_ms"), 1e-9);
    }
    assertTrue(md.contains("| limit | ideal |"), md);
    assertTrue(md.contains("| bsp | ideal | 270.0 | 270.0 | 1.00 |"), md);
    assertTrue(md.contains("| hybrid | slow-worker:p=0.2,max=2.0 |"), md);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aReportItCannotCalibrateGetsANoteOnEveryRow() {
    Map<String, Object> root = SyntheticReports.report(8, 50, 80);
    ((List<Map<String, Object>>) root.get("runs"))
        .removeIf(r -> r.get("strategy").equals("bsp") || r.get("strategy").equals("ignore"));
    String md = ModelColumns.annotate(root);
    for (Map<String, Object> row : (List<Map<String, Object>>) root.get("runs")) {
      assertTrue(row.containsKey("model_note"), row.toString());
    }
    assertTrue(md.contains("no model"), md);
  }
}
