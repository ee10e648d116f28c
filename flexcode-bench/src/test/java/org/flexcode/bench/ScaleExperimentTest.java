package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The data-plane experiment at a tiny size: every contender's row and what the driver received. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class ScaleExperimentTest {

  private static final int DIMENSION = 256;
  private static final int TASKS = 4;

  @TempDir Path dir;

  @Test
  void reportsEveryContenderAndTheVectorsEveryBspTaskShips(JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve("scale.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--experiment",
              "scale",
              "--dimensions",
              Integer.toString(DIMENSION),
              "--tasks",
              Integer.toString(TASKS),
              "--iterations",
              "2",
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    Map<String, JsonNode> rows = new HashMap<>();
    for (JsonNode row : new ObjectMapper().readTree(report.toFile()).get("rows")) {
      assertEquals(DIMENSION, row.get("dimension").asInt());
      assertEquals(TASKS, row.get("tasks").asInt());
      assertTrue(row.get("max_relative_error").asDouble() < 1e-9, "an exact sum: " + row);
      rows.put(row.get("contender").asText(), row);
    }
    assertEquals(6, rows.size(), "two treeAggregate depths and four strategies: " + rows.keySet());
    JsonNode bsp = rows.get("bsp");
    JsonNode tree = rows.get("treeAggregate depth 2");
    assertTrue(
        bsp.get("result_bytes_per_iteration").asDouble() >= TASKS * DIMENSION * 8.0,
        "every bsp task ships its d-vector: " + bsp);
    assertTrue(bsp.get("task_results_per_iteration").asDouble() >= TASKS, bsp.toString());
    assertTrue(bsp.get("combine_ms_per_iteration").isNumber(), bsp.toString());
    assertTrue(tree.get("result_bytes_per_iteration").asDouble() > 0, tree.toString());
    assertTrue(tree.get("combine_ms_per_iteration").isNull(), "not separable: " + tree);
    assertEquals(1.0, tree.get("bytes_vs_tree_aggregate_depth_2").asDouble(), 1e-12);
    assertTrue(rows.containsKey("auto:exact=true (default)"), rows.keySet().toString());
    String table = Files.readString(dir.resolve("scale.md"));
    assertTrue(table.contains("| 256 | 4 | treeAggregate depth 3 |"), table);
    assertTrue(table.contains("| n/a |"), table);
  }
}
