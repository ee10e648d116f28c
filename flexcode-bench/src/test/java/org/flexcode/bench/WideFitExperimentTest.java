package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wide-fit experiment at a tiny size: spark.ml's row and the drop-in's two, the same number of
 * iterations, the same model, and what the driver received.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class WideFitExperimentTest {

  private static final int MAX_ITER = 2;

  @TempDir Path dir;

  @Test
  void fitsTheSameModelWithEveryEstimatorAndCountsTheDriversBytes(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("wide.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--experiment", "wide-fit",
              "--features", "4096",
              "--tasks", "4",
              "--rows-per-task", "4",
              "--nnz", "256",
              "--max-iter", Integer.toString(MAX_ITER),
              "--repeats", "1",
              "--report", report.toString()
            });
    assertEquals(0, code);
    Map<String, JsonNode> rows = new LinkedHashMap<>();
    for (JsonNode row : new ObjectMapper().readTree(report.toFile()).get("rows")) {
      rows.put(row.get("contender").asText(), row);
    }
    assertEquals(
        List.of(
            WideFitExperiment.SPARK,
            WideFitExperiment.FLEXCODE_DEFAULT,
            WideFitExperiment.FLEXCODE_BSP),
        List.copyOf(rows.keySet()));
    JsonNode spark = rows.get(WideFitExperiment.SPARK);
    assertEquals(0.0, spark.get("coefficient_distance_to_spark").asDouble());
    assertEquals(1.0, spark.get("bytes_vs_spark").asDouble(), 1e-12);
    for (JsonNode row : rows.values()) {
      assertTrue(row.get("fewest_iterations").asInt() >= MAX_ITER, "tol 0 runs maxIter: " + row);
      assertEquals(
          spark.get("most_iterations").asInt(),
          row.get("most_iterations").asInt(),
          "as many iterations as spark.ml: " + row);
      assertEquals(
          row.get("fewest_iterations").asInt(), row.get("most_iterations").asInt(), row.toString());
      assertTrue(
          row.get("relative_coefficient_distance_to_spark").asDouble() < 1e-6,
          "the same model as spark.ml's: " + row);
      assertEquals(
          spark.get("final_loss").asDouble(),
          row.get("final_loss").asDouble(),
          1e-9,
          "the same loss as spark.ml's: " + row);
      assertTrue(row.get("result_bytes_per_fit").asDouble() > 0, row.toString());
      assertTrue(row.get("task_results_per_fit").asDouble() >= 4, row.toString());
      assertTrue(row.get("fit_ms").asDouble() > 0, row.toString());
    }
    String table = Files.readString(dir.resolve("wide.md"));
    assertTrue(table.contains("| " + WideFitExperiment.FLEXCODE_BSP + " | "), table);
  }

  @Test
  void fitsAvazuHashedIntoWideFeaturesAndScoresEachModelOnTheTestFile(JavaSparkContext jsc)
      throws Exception {
    Path avazu = ProjectPaths.root().resolve("datasets/avazu-sample");
    Path report = dir.resolve("avazu.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--experiment",
              "wide-fit",
              "--train",
              avazu.resolve("dev.csv").toString(),
              "--test",
              avazu.resolve("test.csv").toString(),
              "--features",
              "65536",
              "--tasks",
              "4",
              "--max-iter",
              Integer.toString(MAX_ITER),
              "--repeats",
              "1",
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode rows = new ObjectMapper().readTree(report.toFile()).get("rows");
    assertEquals(3, rows.size());
    double sparkAuc = rows.get(0).get("test_auc").asDouble();
    assertTrue(sparkAuc > 0.5 && sparkAuc <= 1.0, "spark.ml's model ranks the clicks: " + sparkAuc);
    for (JsonNode row : rows) {
      assertEquals(sparkAuc, row.get("test_auc").asDouble(), 1e-6, "the same AUC: " + row);
      assertTrue(row.get("result_bytes_per_fit").asDouble() > 0, row.toString());
    }
    String table = Files.readString(dir.resolve("avazu.md"));
    assertTrue(table.contains("hashed into 65536 features, 4 tasks, AUC on "), table);
  }
}
