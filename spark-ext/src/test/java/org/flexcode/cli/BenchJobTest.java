package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A tiny bench in the test's local[4] context: every row, the ratios, the table and the plots. */
@ExtendWith(SparkExtension.class)
class BenchJobTest {

  @TempDir Path dir;

  @Test
  void runsEveryStrategyUnderEveryPatternAndWritesJsonMarkdownAndPngs(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("bench.json");
    int code =
        FlexCodeSubmit.run(
            new String[] {
              "bench",
              "--strategies",
              "mllib,bsp,ignore,cyclic",
              "--pattern",
              "ideal",
              "--pattern",
              "slow-worker:p=0.5,max=1",
              "--iterations",
              "3",
              "--partitions",
              "4",
              "--rows-per-partition",
              "300",
              "--classes",
              "2",
              "--num-features",
              "1024",
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals(8, json.get("runs").size());
    Set<String> seen = new HashSet<>();
    for (JsonNode run : json.get("runs")) {
      seen.add(run.get("strategy").asText() + "|" + run.get("pattern").asText());
      for (String key :
          List.of(
              "mean_iteration_ms",
              "p95_iteration_ms",
              "total_waste_ms",
              "final_loss",
              "ideal_ratio",
              "mllib_ratio",
              "extra_task_seconds_ratio",
              "task_seconds")) {
        assertTrue(run.hasNonNull(key), key + " in " + run);
      }
      assertEquals(4, run.get("loss").size(), "iterations + 1 passes, as MLlib makes");
      assertEquals(4, run.get("iteration_ms").size(), run.toString());
    }
    assertTrue(seen.contains("mllib|ideal") && seen.contains("cyclic|slow-worker:p=0.5,max=1.0"));
    JsonNode mllibIdeal = json.get("runs").get(0);
    assertTrue(json.get("target_loss").isNumber());
    assertTrue(Files.readString(dir.resolve("bench.md")).contains("| mllib | ideal |"));
    try (var files = Files.list(dir)) {
      List<Path> pngs = files.filter(p -> p.toString().endsWith(".png")).toList();
      assertEquals(4, pngs.size(), pngs.toString());
      for (Path png : pngs) {
        byte[] head = Files.readAllBytes(png);
        assertTrue(
            head.length > 1000 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G',
            png.toString());
      }
    }
    assertTrue(mllibIdeal.get("strategy").asText().length() > 0);
  }
}
