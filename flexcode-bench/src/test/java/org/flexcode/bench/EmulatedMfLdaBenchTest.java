package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.flexcode.testing.TestCorpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --workload mf} and {@code lda} under emulated compute on two executor JVMs: every row has
 * the report's fields (iteration times, loss, waste, task compute, model column), the workload its
 * model size, and the model its calibrated block times.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[2,1,1024]")
@SparkConfs("spark.flexcode.compute=emulated:block-ms=40")
@Tag("cluster")
class EmulatedMfLdaBenchTest {

  private static final String COMPUTE = "emulated:block-ms=40";

  @TempDir Path dir;

  @Test
  void anEmulatedMfRunReportsEveryRowsFieldsAndTheModelColumn(JavaSparkContext jsc)
      throws Exception {
    Path ratings = dir.resolve("ratings.csv");
    try (Stream<String> lines =
        Files.lines(ProjectPaths.root().resolve("datasets/ml-latest-small/ratings.csv"))) {
      Files.write(ratings, lines.limit(4_001).toList());
    }
    JsonNode report =
        bench(
            "mf.json",
            "--workload",
            "mf",
            "--ratings",
            ratings.toString(),
            "--strategies",
            "bsp,steal");
    assertEquals("ALS-WR objective", report.get("workload").get("objective").asText());
    JsonNode workload = report.get("workload");
    assertEquals(
        (workload.get("users").asLong() + workload.get("items").asLong())
            * workload.get("rank").asLong(),
        workload.get("model_dimension").asLong(),
        "the model is the user and item factors");
    assertEquals(MfWorkload.EMULATED_ITEMS, workload.get("max_items").asInt());
    assertTrue(workload.get("items").asInt() <= MfWorkload.EMULATED_ITEMS, workload.toString());
    assertRowsAndModel(report, 2, 4);
  }

  @Test
  void anEmulatedLdaRunReportsEveryRowsFieldsAndTheModelColumn(JavaSparkContext jsc)
      throws Exception {
    JsonNode report =
        bench(
            "lda.json",
            "--workload",
            "lda",
            "--docword",
            TestCorpora.kosHead(dir, 200).toString(),
            "--k",
            "4",
            "--strategies",
            "mllib,bsp");
    JsonNode workload = report.get("workload");
    assertEquals(
        4 * workload.get("vocab_size").asLong(),
        workload.get("model_dimension").asLong(),
        "the model is k topics over the vocabulary");
    assertRowsAndModel(report, 2, 3);
    for (JsonNode run : report.get("runs")) {
      double logPerplexity = run.get("final_loss").asDouble();
      assertTrue(logPerplexity > 5 && logPerplexity < 12, run.toString());
      assertEquals(3, run.get("iteration_ms").size(), run.toString());
      for (JsonNode ms : run.get("iteration_ms")) {
        assertTrue(ms.asDouble() >= 40, "every iteration reads its blocks: " + run);
      }
    }
  }

  /** Runs the bench on two one-core executors, 3 iterations, ideal and one slow executor. */
  private JsonNode bench(String name, String... workload) throws Exception {
    Path report = dir.resolve(name);
    String[] common = {
      "--compute",
      COMPUTE,
      "--executors",
      "2",
      "--cores",
      "1",
      "--pattern",
      "ideal",
      "--pattern",
      "persistent:k=1,factor=2",
      "--iterations",
      "3",
      "--warm-up-jobs",
      BenchJobTest.WARM_UP_JOBS,
      "--report",
      report.toString()
    };
    String[] argv = Stream.of(workload, common).flatMap(Stream::of).toArray(String[]::new);
    assertEquals(0, BenchSubmit.run(argv));
    return new ObjectMapper().readTree(report.toFile());
  }

  /**
   * Every row has iteration times, a finite loss, waste, wall time and (FlexCode's rows) the task
   * compute with the emulated sleep excluded, and the model column; the model's block time is the
   * emulated one and its unslowed part the rows' real compute.
   */
  private static void assertRowsAndModel(JsonNode report, int rowsPerPattern, int minIterations) {
    assertEquals(COMPUTE, report.get("workload").get("compute").asText());
    JsonNode runs = report.get("runs");
    assertEquals(2 * rowsPerPattern, runs.size(), runs.toString());
    for (JsonNode run : runs) {
      String row = run.get("strategy").asText();
      assertTrue(run.get("iteration_ms").size() >= minIterations - 1, run.toString());
      assertTrue(run.get("mean_iteration_ms").asDouble() >= 40, "an iteration sleeps a block");
      assertTrue(Double.isFinite(run.get("final_loss").asDouble()), run.toString());
      assertTrue(run.get("wall_ms").asLong() > 0, run.toString());
      assertTrue(run.get("task_seconds").asDouble() > 0, run.toString());
      assertTrue(run.has("total_waste_ms") && run.has("time_to_target_ms"), run.toString());
      assertTrue(run.has("model_ms") || run.has("model_note"), run.toString());
      if (!row.startsWith("mllib")) {
        double compute = run.get("mean_task_compute_ms").asDouble();
        assertTrue(compute >= 0 && Double.isFinite(compute), "real compute: " + compute);
        assertTrue(run.get("model_ms").asDouble() > 0, run.toString());
      }
    }
    JsonNode model = report.get("model");
    assertEquals(40.0, model.get("block_ms").asDouble(), "the model's block is the emulated one");
    assertTrue(model.get("unslowed_block_ms").asDouble() >= 0, model.toString());
    assertTrue(model.get("model_mb").asDouble() > 0, "the workload's model size reaches it");
  }
}
