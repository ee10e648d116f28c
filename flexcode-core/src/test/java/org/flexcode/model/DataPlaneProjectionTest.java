package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.model.DataPlaneProjection.Row;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The projection: three contenders per shape, the data plane added, ratios to treeAggregate. */
@Tag("unit")
class DataPlaneProjectionTest {

  @Test
  void threeRowsPerShapeWithTheDataPlaneAdded() {
    DataPlane plane = new DataPlane(1e9, 1e9, 10, 1e9, 1e9);
    Costs costs = new Costs(40, 2, 1, 0.01, 2, 20);
    DataPlaneProjection projection = new DataPlaneProjection(4, 100, costs, plane, 1L, 2_000);
    List<Integer> dims = List.of(1 << 16, 1 << 20);
    List<Row> rows = projection.rows(List.of(32), dims, List.of("ideal", "slow-worker"));
    assertEquals(2 * 2 * 3, rows.size());
    for (int i = 0; i < rows.size(); i += 3) {
      Row tree = rows.get(i);
      Row driver = rows.get(i + 1);
      Row executor = rows.get(i + 2);
      assertEquals(DataPlaneProjection.TREE_AGGREGATE, tree.contender());
      assertEquals(plane.treeAggregateMs(128, 32, tree.dimension()), tree.dataPlaneMs(), 1e-9);
      assertEquals(plane.driverPathMs(128, driver.dimension()), driver.dataPlaneMs(), 1e-9);
      assertEquals(driver.modelMs(), executor.modelMs(), 1e-9);
      assertTrue(executor.meanMs() < driver.meanMs(), executor.toString());
    }
    // a larger d costs more on every path
    assertTrue(rows.get(3).meanMs() > rows.get(0).meanMs());
    String table = DataPlaneProjection.format(rows);
    assertTrue(table.contains("| treeAggregate depth 2 |"), table);
    assertTrue(table.contains("| 1.00 |"), table);
  }
}
