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
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.TestCorpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lda job end to end on the first 400 KOS documents, in the test's SparkContext (the job reuses
 * the running one).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class LdaJobTest {

  @TempDir Path dir;

  @Test
  void fitsKosAndWritesTheReportWithTopWords(JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve("out.json");
    Path model = dir.resolve("model");
    Path kos = ProjectPaths.datasets().resolve("uci-kos");
    int code =
        FlexCodeSubmit.run(
            new String[] {
              "lda",
              "--docword",
              TestCorpora.kosHead(dir, 400).toString(),
              "--vocab",
              kos.resolve("vocab.kos.txt").toString(),
              "--k",
              "5",
              "--strategy",
              "cyclic",
              "--tolerance",
              "1",
              "--iterations",
              "4",
              "--mini-batch-fraction",
              "0.25",
              "--partitions",
              "4",
              "--top-words",
              "6",
              "--baseline",
              "spark",
              "--report",
              report.toString(),
              "--model-out",
              model.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("lda", json.get("job").asText());
    assertEquals("cyclic:s=1", json.get("strategy").asText());
    assertEquals(400, json.get("params").get("documents").asInt());
    assertEquals(4, json.get("iterations").size());
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
            "log_likelihood",
            "log_perplexity",
            "fit_ms",
            "wall_ms")) {
      assertTrue(summary.hasNonNull(key), key + " in " + summary);
    }
    double perplexity = summary.get("log_perplexity").asDouble();
    assertTrue(perplexity > 5 && perplexity < 15, "log-perplexity per token " + perplexity);
    assertTrue(summary.get("log_likelihood").asDouble() < 0);
    double spark = summary.get("spark_lda_log_perplexity").asDouble();
    assertTrue(spark > 5 && spark < 15, "spark.ml online LDA baseline: " + summary);
    JsonNode topics = summary.get("topics");
    assertEquals(5, topics.size());
    assertEquals(6, topics.get(0).get("words").size());
    assertTrue(topics.get(0).get("words").get(0).isTextual(), "words, not term ids");
    assertEquals(5, LocalLDAModel.load(model.toString()).getK());
  }

  @Test
  void aBadDocwordLineFailsNamingFileAndLineAndWritesNoReport(JavaSparkContext jsc)
      throws Exception {
    Path bad = dir.resolve("docword.bad.txt");
    Files.writeString(bad, "2\n3\n2\n1 1 2\n2 3 -1\n");
    Path report = dir.resolve("report.json");
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    int code;
    try {
      code =
          FlexCodeSubmit.run(
              new String[] {"lda", "--docword", bad.toString(), "--report", report.toString()});
    } finally {
      System.setErr(err);
    }
    assertEquals(1, code);
    String message = captured.toString();
    assertTrue(message.contains(bad + ":5: count -1 is negative"), message);
    assertFalse(Files.exists(report));
  }

  @Test
  void rejectsUnknownOptionsAndPrintsHelp() {
    assertEquals(1, FlexCodeSubmit.run(new String[] {"lda", "--topics", "3"}));
    assertEquals(1, FlexCodeSubmit.run(new String[] {"lda", "--k", "3"}));
    assertEquals(0, FlexCodeSubmit.run(new String[] {"lda", "--help"}));
  }
}
