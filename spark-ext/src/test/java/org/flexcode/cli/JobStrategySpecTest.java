package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.TestCorpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same full strategy spec in {@code --strategy} runs the lr, mf and lda jobs alike; without it
 * each runs the default, {@code auto:exact=true}.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
@Tag("heavy")
class JobStrategySpecTest {

  @TempDir Path dir;

  static Stream<Arguments> jobsAndSpecs() {
    List<Arguments> all = new ArrayList<>();
    for (String job : List.of("lr", "mf", "lda")) {
      for (String spec :
          List.of("shadow:m=1,f=0.1,late=1.5", "cyclic:s=2", "ignore:b=auto", "ssp:staleness=2")) {
        all.add(Arguments.of(job, spec));
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("jobsAndSpecs")
  void aFullSpecRunsEveryJob(String job, String spec, JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve(job + ".json");
    List<String> args = new ArrayList<>(inputOf(job));
    args.addAll(
        List.of(
            "--strategy", spec, "--iterations", "3", "--partitions", "4", "--report", "" + report));

    assertEquals(0, FlexCodeSubmit.run(args.toArray(String[]::new)), job + " " + spec);

    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals(AggregationStrategy.parse(spec).spec(), json.get("strategy").asText());
    assertEquals("3", json.get("params").get("iterations").asText());
    assertTrue(json.get("iterations").size() >= 3, "one record per aggregation, at least one each");
  }

  @ParameterizedTest
  @MethodSource("jobs")
  void withoutStrategyEveryJobRunsTheDefault(String job, JavaSparkContext jsc) throws Exception {
    Path report = dir.resolve(job + "-default.json");
    List<String> args = new ArrayList<>(inputOf(job));
    args.addAll(List.of("--iterations", "3", "--partitions", "4", "--report", "" + report));

    assertEquals(0, FlexCodeSubmit.run(args.toArray(String[]::new)), job);

    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("auto:exact=true", json.get("strategy").asText());
    for (JsonNode iteration : json.get("iterations")) {
      assertTrue(iteration.get("exact").asBoolean(), job + ": every iteration exact");
    }
  }

  static Stream<String> jobs() {
    return Stream.of("lr", "mf", "lda");
  }

  private List<String> inputOf(String job) throws Exception {
    Path data = ProjectPaths.datasets();
    return switch (job) {
      case "lr" -> List.of("lr", "--train", "" + data.resolve("agaricus/agaricus.txt.train"));
      case "mf" ->
          List.of(
              "mf", "--ratings", "" + data.resolve("ml-latest-small/ratings.csv"), "--rank", "2");
      default ->
          List.of(
              "lda",
              "--docword",
              "" + TestCorpora.kosHead(dir, 200),
              "--vocab",
              "" + data.resolve("uci-kos/vocab.kos.txt"),
              "--k",
              "3",
              "--mini-batch-fraction",
              "0.5");
    };
  }
}
