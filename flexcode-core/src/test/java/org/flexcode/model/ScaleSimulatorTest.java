package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The scale table: one row per shape, pattern and rule, bounded cost, unsupported shapes noted. */
@Tag("unit")
class ScaleSimulatorTest {

  @Test
  void tableHasARowPerShapePatternAndRuleWithCostsIncluded() {
    Costs costs = new Costs(50, 2, 1, 0.01, 3, 0.1);
    ScaleSimulator sim = ScaleSimulator.of(2, 100).withCosts(costs, 10).withBudget(1L, 5_000);
    List<String> rules = List.of("bsp", "limit", "cyclic:s=1", "frc:s=1", "steal:r=2,chunks=4");
    List<String> patterns = List.of("ideal", "slow-worker:p=0.2,max=2");
    List<ModelSummary> rows = sim.table(rules, patterns, List.of(16, 64));
    assertEquals(2 * 2 * 5, rows.size());
    for (ModelSummary r : rows) {
      if (r.rule().equals("cyclic:s=1") && r.tasks() > 64) {
        assertFalse(r.supported());
        assertTrue(Double.isNaN(r.meanMs()));
      } else {
        assertTrue(r.supported(), r.toString());
      }
      if (r.rule().equals("limit")) {
        double fixed = 50 + 1 + 0.01 * r.tasks() + 3 + 0.1 * 10;
        assertEquals(100 + 2 + fixed, r.meanMs(), 1e-9);
      }
    }
    String table = ScaleSimulator.format(rows);
    assertTrue(table.contains("| 64 | 2 | 128 | slow-worker:p=0.2,max=2 | frc:s=1 |"), table);
  }

  @Test
  void iterationsShrinkWithTheShapeWithinBounds() {
    ScaleSimulator sim = ScaleSimulator.of(1, 100);
    assertEquals(ScaleSimulator.MAX_ITERATIONS, sim.iterationsFor(8));
    assertEquals(ScaleSimulator.MIN_ITERATIONS, sim.iterationsFor(1_000_000));
    assertTrue(sim.iterationsFor(2_000) < sim.iterationsFor(128));
  }
}
