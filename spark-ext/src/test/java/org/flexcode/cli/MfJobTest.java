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
import org.apache.spark.ml.recommendation.ALSModel;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The mf job end to end, in the test's SparkContext (the job reuses the running one). */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class MfJobTest {

  @TempDir Path dir;

  @Test
  void trainsOnMovieLensAndWritesTheReportWithTestRmse(JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve("out.json");
    Path model = dir.resolve("model");
    String ratings =
        ProjectPaths.datasets().resolve("ml-latest-small").resolve("ratings.csv").toString();
    int code =
        FlexCodeSubmit.run(
            new String[] {
              "mf",
              "--ratings",
              ratings,
              "--strategy",
              "cyclic",
              "--tolerance",
              "1",
              "--iterations",
              "8",
              "--rank",
              "4",
              "--reg-param",
              "0.1",
              "--partitions",
              "4",
              "--baseline-iterations",
              "2",
              "--report",
              report.toString(),
              "--model-out",
              model.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("mf", json.get("job").asText());
    assertEquals("cyclic:s=1", json.get("strategy").asText());
    assertEquals("8", json.get("params").get("iterations").asText());
    assertEquals("lbfgs", json.get("params").get("solver_used").asText());
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
            "train_rmse",
            "test_rmse",
            "fit_ms",
            "wall_ms")) {
      assertTrue(summary.hasNonNull(key), key + " in " + summary);
    }
    double sparkRmse = summary.get("spark_als_test_rmse").asDouble();
    assertTrue(sparkRmse > 0.5 && sparkRmse < 3.0, "Spark ALS baseline: " + summary);
    double testRmse = summary.get("test_rmse").asDouble();
    assertTrue(testRmse > 0.5 && testRmse < 2.0, summary.toString());
    assertEquals(4, ALSModel.load(model.toString()).rank());
  }

  @Test
  void aNanRatingFailsNamingFileAndLineAndWritesNoModel(JavaSparkContext jsc) throws Exception {
    Path bad = dir.resolve("ratings.csv");
    Files.writeString(bad, "userId,movieId,rating,timestamp\n1,10,4.0,1\n2,10,NaN,2\n");
    Path model = dir.resolve("model");
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    int code;
    try {
      code =
          FlexCodeSubmit.run(
              new String[] {"mf", "--ratings", bad.toString(), "--model-out", model.toString()});
    } finally {
      System.setErr(err);
    }
    assertEquals(1, code);
    String message = captured.toString();
    assertTrue(message.contains(bad + ":3: rating is not finite: 'NaN'"), message);
    assertFalse(Files.exists(model));
  }

  @Test
  void rejectsUnknownOptionsAndPrintsHelp() {
    assertEquals(1, FlexCodeSubmit.run(new String[] {"mf", "--ratngs", "x"}));
    assertEquals(1, FlexCodeSubmit.run(new String[] {"mf", "--ratings", "/no/such/file.csv"}));
    assertEquals(0, FlexCodeSubmit.run(new String[] {"mf", "--help"}));
  }
}
