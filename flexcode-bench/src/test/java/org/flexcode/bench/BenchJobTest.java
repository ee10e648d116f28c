package org.flexcode.bench;

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
import org.flexcode.testing.TestCorpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A tiny bench in the test's local[4] context: every row, the ratios, the table and the plots. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
@Tag("heavy")
class BenchJobTest {

  /**
   * The executors' warm-up jobs each bench run here asks for: a few, enough to take the warm-up
   * path ({@link ExecutorWarmUpTest} tests the warm-up itself); the default's 400 took 5 to 11 s
   * per application on a 2-core machine.
   */
  static final String WARM_UP_JOBS = "10";

  @TempDir Path dir;

  @Test
  void runsEveryStrategyUnderEveryPatternAndWritesJsonMarkdownAndPngs(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("bench.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--strategies",
              "mllib,bsp,ignore,cyclic,shadow,hybrid",
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
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals(12, json.get("runs").size());
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
    assertTrue(seen.contains("shadow|ideal") && seen.contains("hybrid|slow-worker:p=0.5,max=1.0"));
    JsonNode mllibIdeal = json.get("runs").get(0);
    assertTrue(json.get("target_loss").isNumber());
    assertTrue(Files.readString(dir.resolve("bench.md")).contains("| mllib | ideal |"));
    try (var files = Files.list(dir)) {
      List<Path> pngs = files.filter(p -> p.toString().endsWith(".png")).toList();
      assertEquals(5, pngs.size(), "two per pattern and the time to target: " + pngs);
      assertTrue(pngs.contains(dir.resolve("bench-time-to-target.png")), pngs.toString());
      for (Path png : pngs) {
        byte[] head = Files.readAllBytes(png);
        assertTrue(
            head.length > 1000 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G',
            png.toString());
      }
    }
    assertTrue(mllibIdeal.get("strategy").asText().length() > 0);
  }

  @Test
  void repeatsPoolEachRowsRoundsAndAListedTwiceRowIsRejected(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("repeats.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--strategies",
              "bsp,shadow:m=1,f=0.2,late=1.5",
              "--repeats",
              "2",
              "--iterations",
              "3",
              "--partitions",
              "4",
              "--rows-per-partition",
              "200",
              "--classes",
              "2",
              "--num-features",
              "256",
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode runs = new ObjectMapper().readTree(report.toFile()).get("runs");
    assertEquals(2, runs.size(), runs.toString());
    for (JsonNode run : runs) {
      assertEquals(8, run.get("iteration_ms").size(), "two rounds of 3 iterations + 1 pass each");
    }
    IllegalArgumentException twice =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> BenchJob.run(new String[] {"--strategies", "bsp,mllib,bsp"}));
    assertTrue(twice.getMessage().contains("lists 'bsp' twice"), twice.getMessage());
  }

  @Test
  void shadowQualityComparesEntropyAndRandomSubsetsPerFraction(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("quality.json");
    String a9a = org.flexcode.testing.ProjectPaths.root().resolve("datasets/a9a/a9a").toString();
    String test = org.flexcode.testing.ProjectPaths.root().resolve("datasets/a9a/a9a.t").toString();
    int code =
        BenchSubmit.run(
            new String[] {
              "--experiment",
              "shadow-quality",
              "--train",
              a9a,
              "--test",
              test,
              "--fractions",
              "0.05,0.2",
              "--iterations",
              "3",
              "--partitions",
              "4",
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    JsonNode table = json.get("table");
    assertEquals(4, table.size(), table.toString());
    Set<String> configs = new HashSet<>();
    for (JsonNode row : table) {
      configs.add(row.get("selector").asText() + "@" + row.get("fraction").asDouble());
      double cosine = row.get("mean_cosine").asDouble();
      assertTrue(cosine > 0.0 && cosine <= 1.0 + 1e-12, row.toString());
      double accuracy = row.get("test_accuracy").asDouble();
      assertTrue(accuracy > 0.7 && accuracy < 1.0, row.toString());
    }
    assertEquals(Set.of("entropy@0.05", "entropy@0.2", "random@0.05", "random@0.2"), configs);
    // A larger subset estimates its block's gradient better, whichever the selector.
    for (String selector : List.of("entropy", "random")) {
      double small = 0;
      double large = 0;
      for (JsonNode row : table) {
        if (row.get("selector").asText().equals(selector)) {
          if (row.get("fraction").asDouble() == 0.05) {
            small = row.get("mean_relative_error").asDouble();
          } else {
            large = row.get("mean_relative_error").asDouble();
          }
        }
      }
      assertTrue(large < small, selector + ": " + large + " vs " + small);
    }
    assertTrue(json.get("training").get("runs").has("bsp"));
    assertTrue(Files.readString(dir.resolve("quality.md")).contains("| entropy | 0.05 |"));
    assertTrue(Files.size(dir.resolve("quality-cosine.png")) > 1000);
  }

  @Test
  void everyMllibBaselineGivesARowWithWasteCpuAndTimeToTargetOnTheExactLoss(JavaSparkContext jsc)
      throws Exception {
    Path report = dir.resolve("baselines.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--strategies",
              "mllib,mllib+speculation,mllib+speculation-tuned,mllib-tuned,bsp,ignore",
              "--pattern",
              "slow-worker:p=0.5,max=1",
              "--iterations",
              "2",
              "--partitions",
              "4",
              "--rows-per-partition",
              "200",
              "--classes",
              "2",
              "--num-features",
              "256",
              "--compute",
              "real",
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("real", json.get("workload").get("compute").asText());
    Set<String> rows = new HashSet<>();
    for (JsonNode run : json.get("runs")) {
      String strategy = run.get("strategy").asText();
      rows.add(strategy);
      for (String key :
          List.of(
              "mean_iteration_ms",
              "p50_iteration_ms",
              "p95_iteration_ms",
              "p99_iteration_ms",
              "total_waste_ms",
              "discarded_task_ms",
              "waste_task_seconds",
              "task_seconds",
              "final_exact_loss",
              "time_to_target_on")) {
        assertTrue(run.hasNonNull(key), key + " in " + run);
      }
      assertEquals("real", run.get("compute").asText(), run.toString());
      assertEquals(3, run.get("exact_loss").size(), run.toString());
      assertEquals(
          strategy.equals("ignore") ? BenchRunner.pastIterations(2) : 0,
          run.get("iterations_past_measured").asInt(),
          "only the inexact row runs past the measured iterations: " + run);
      assertEquals("exact", run.get("time_to_target_on").asText(), run.toString());
      if (run.hasNonNull("time_to_target_ms")) {
        assertEquals(
            run.get("time_to_target_ms").asDouble(),
            run.get("time_to_target_extrapolated_ms").asDouble(),
            "a reached target needs no extrapolation: " + run);
      }
      assertTrue(run.get("waste_task_seconds").asDouble() >= 0, run.toString());
      if (run.hasNonNull("cpu_utilization")) {
        double cpu = run.get("cpu_utilization").asDouble();
        assertTrue(cpu >= 0 && cpu <= 1, run.toString());
        assertEquals(cpu > 0.6, run.get("cpu_bound").asBoolean(), run.toString());
      }
      if (strategy.startsWith("mllib")) {
        assertTrue(run.get("total_waste_ms").asLong() >= 0, run.toString());
        assertEquals(run.get("final_loss").asDouble(), run.get("final_exact_loss").asDouble(), 0.0);
        if (!strategy.equals("mllib")) {
          assertTrue(run.get("spark_conf").size() > 0, run.toString());
        }
      }
    }
    assertEquals(
        Set.of(
            "mllib",
            "mllib+speculation",
            "mllib+speculation-tuned",
            "mllib-tuned",
            "bsp",
            "ignore"),
        rows);
    assertTrue(
        Files.readString(dir.resolve("baselines.md")).contains("| mllib-tuned | slow-worker"));
    IllegalArgumentException bad =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> BenchJob.run(new String[] {"--strategies", "bsp", "--compute", "turbo"}));
    assertTrue(
        bad.getMessage().contains("--compute must be real or emulated:block-ms=T")
            && bad.getMessage().contains("'turbo'"),
        bad.getMessage());
    assertEquals(
        1, BenchSubmit.run(new String[] {"--strategies", "bsp", "--compute", "emulated:x=1"}));
  }

  @Test
  void strategyListsKeepTheCommasInsideSpecs() {
    assertEquals(
        List.of("mllib", "shadow:m=2,f=0.05", "hybrid:s=1,m=1,f=0.2,selector=random", "bsp"),
        BenchRows.splitStrategies(
            "mllib, shadow:m=2,f=0.05,hybrid:s=1,m=1,f=0.2,selector=random,bsp"));
  }

  @Test
  void adaptiveStrategiesAreRowsTheEngineAndTheModelBothRead() {
    List<String> rows = BenchRows.splitStrategies("bsp,ignore:b=auto,floor=0.8,ignore:b=1");
    assertEquals(List.of("bsp", "ignore:b=auto,floor=0.8", "ignore:b=1"), rows);
    assertEquals("ignore:b=auto,floor=0.8,window=5", BenchRows.specOf(rows.get(1)));
    assertEquals(
        "ignore:b=auto,floor=0.8,window=5", org.flexcode.model.Rule.parse(rows.get(1)).spec());
    List<String> auto = BenchRows.splitStrategies("bsp,auto,auto:exact=true,chunks=2");
    assertEquals(List.of("bsp", "auto", "auto:exact=true,chunks=2"), auto);
    assertEquals("auto:exact=false", BenchRows.specOf(auto.get(1)));
    assertEquals("auto:exact=true,chunks=2", BenchRows.specOf(auto.get(2)));
    assertEquals("auto:exact=true,chunks=2", org.flexcode.model.Rule.parse(auto.get(2)).spec());
  }

  /** The first lines of a file, as a file of their own. */
  private Path head(Path file, int lines, String suffix) throws Exception {
    Path out = dir.resolve(file.getFileName() + ".head" + suffix);
    try (var stream = Files.lines(file)) {
      Files.write(out, stream.limit(lines).toList());
    }
    return out;
  }

  @Test
  void benchesMatrixFactorizationAndLdaWithTheirBaselines(JavaSparkContext jsc) throws Exception {
    Path root = org.flexcode.testing.ProjectPaths.root();
    Path mf = dir.resolve("mf.json");
    assertEquals(
        0,
        BenchSubmit.run(
            new String[] {
              "--workload",
              "mf",
              "--ratings",
              head(root.resolve("datasets/ml-latest-small/ratings.csv"), 6_001, "").toString(),
              "--strategies",
              "bsp,cyclic,ignore",
              "--iterations",
              "2",
              "--partitions",
              "4",
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              mf.toString()
            }));
    JsonNode mfRuns = new ObjectMapper().readTree(mf.toFile()).get("runs");
    assertEquals(3, mfRuns.size());
    for (JsonNode run : mfRuns) {
      assertTrue(run.get("final_loss").asDouble() > 0, run.toString());
      assertTrue(run.get("iteration_ms").size() >= 2, run.toString());
    }
    assertEquals(
        1,
        BenchSubmit.run(new String[] {"--workload", "mf", "--strategies", "mllib,bsp"}),
        "mf has no mllib row");

    Path lda = dir.resolve("lda.json");
    assertEquals(
        0,
        BenchSubmit.run(
            new String[] {
              "--workload",
              "lda",
              "--docword",
              TestCorpora.kosHead(dir, 300).toString(),
              "--k",
              "5",
              "--strategies",
              "mllib,bsp,cyclic",
              "--iterations",
              "3",
              "--partitions",
              "4",
              "--warm-up-jobs",
              WARM_UP_JOBS,
              "--report",
              lda.toString()
            }));
    JsonNode ldaJson = new ObjectMapper().readTree(lda.toFile());
    assertEquals(3, ldaJson.get("runs").size());
    for (JsonNode run : ldaJson.get("runs")) {
      double perplexity = run.get("final_loss").asDouble();
      assertTrue(perplexity > 5 && perplexity < 12, run.toString());
      assertEquals(3, run.get("iteration_ms").size(), "one job per MLlib iteration: " + run);
    }
  }
}
