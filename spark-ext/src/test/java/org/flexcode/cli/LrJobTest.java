package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The lr job end to end, in the test's SparkContext (the job reuses the running one). */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class LrJobTest {

  @TempDir Path dir;

  @Test
  void trainsOnAgaricusAndWritesTheReport(JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve("out.json");
    Path model = dir.resolve("model");
    String data = ProjectPaths.datasets().resolve("agaricus").toString();
    int code =
        FlexCodeSubmit.run(
            new String[] {
              "lr",
              "--train",
              data + "/agaricus.txt.train",
              "--test",
              data + "/agaricus.txt.test",
              "--strategy",
              "frc",
              "--tolerance",
              "1",
              "--iterations",
              "20",
              "--partitions",
              "4",
              "--report",
              report.toString(),
              "--model-out",
              model.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("lr", json.get("job").asText());
    assertEquals("frc:s=1", json.get("strategy").asText());
    assertEquals("20", json.get("params").get("iterations").asText());
    JsonNode first = json.get("iterations").get(0);
    for (String key :
        List.of("iteration", "ms", "loss", "tasks_used", "tasks_cancelled", "waste_ms")) {
      assertTrue(first.has(key), key);
    }
    JsonNode summary = json.get("summary");
    for (String key :
        List.of(
            "mean_iteration_ms",
            "p50_iteration_ms",
            "p95_iteration_ms",
            "p99_iteration_ms",
            "total_waste_ms",
            "final_loss",
            "test_accuracy",
            "test_auc",
            "wall_ms")) {
      assertTrue(summary.hasNonNull(key), key + " in " + summary);
    }
    assertTrue(summary.get("test_accuracy").asDouble() > 0.95, summary.toString());
    assertTrue(Files.isDirectory(model.resolve("metadata")));
    // The straggler report covers every iteration: frc's cancellations, one mode, four slots.
    JsonNode stragglers = json.get("stragglers");
    int iterations = json.get("iterations").size();
    assertEquals(iterations, stragglers.get("iterations").asInt());
    assertEquals(iterations, stragglers.get("modes").get("frc:s=1").asInt());
    int cancelled = 0;
    for (JsonNode row : json.get("iterations")) {
      cancelled += row.get("tasks_cancelled").asInt();
    }
    assertEquals(cancelled, stragglers.get("tasks_cancelled").asInt());
    assertEquals(4, stragglers.get("executors").size(), stragglers.toString());
    assertEquals("local-0", stragglers.get("executors").get(0).get("executor").asText());
    assertTrue(
        stragglers.get("bsp_estimate_ms").asLong() >= stragglers.get("observed_ms").asLong(),
        "waiting for every task takes no less: " + stragglers);
  }

  @Test
  void aMalformedLineFailsNamingFileAndLineAndWritesNoModel(JavaSparkContext jsc) throws Exception {
    Path bad = dir.resolve("bad.libsvm");
    Files.writeString(bad, "1 1:1 3:1\n0 2:1\n1 4:oops\n");
    Path model = dir.resolve("model");
    Path report = dir.resolve("report.json");
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    int code;
    try {
      code =
          FlexCodeSubmit.run(
              new String[] {
                "lr",
                "--train",
                bad.toString(),
                "--num-features",
                "4",
                "--model-out",
                model.toString(),
                "--report",
                report.toString()
              });
    } finally {
      System.setErr(err);
    }
    assertEquals(1, code);
    String message = captured.toString();
    assertTrue(message.contains(bad + ":3: value of feature 4 is not a number: 'oops'"), message);
    assertFalse(Files.exists(model));
    assertFalse(Files.exists(report));
  }

  @Test
  void rejectsUnknownOptionsAndNamesThem() {
    assertEquals(1, FlexCodeSubmit.run(new String[] {"lr", "--trian", "x"}));
    assertEquals(2, FlexCodeSubmit.run(new String[] {"fit"}));
    assertEquals(0, FlexCodeSubmit.run(new String[] {"lr", "--help"}));
  }
}
