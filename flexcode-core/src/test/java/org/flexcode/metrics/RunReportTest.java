package org.flexcode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class RunReportTest {

  @TempDir Path dir;

  @Test
  void streamsEveryRowKeepsTheLastNAndTotalsAll() throws Exception {
    Path lines = dir.resolve("r.json.iterations.jsonl");
    RunReport report = new RunReport("lr", "bsp", Map.of(), 3);
    report.streamTo(lines);
    for (int i = 0; i < 10; i++) {
      report.addIteration(record(i, 10 + i, i == 4 ? 1 : 0), 1.0 / (i + 1));
    }
    assertEquals(3, report.rowsKept());
    assertEquals(10, Files.readAllLines(lines).size(), "every row streamed as it happened");
    report.summarizeIterations();
    report.write(dir.resolve("r.json"));
    JsonNode json = new ObjectMapper().readTree(dir.resolve("r.json").toFile());
    assertEquals(3, json.get("iterations").size());
    assertEquals(7, json.get("iterations").get(0).get("iteration").asInt());
    assertEquals(lines.toString(), json.get("iterations_file").asText());
    JsonNode summary = json.get("summary");
    assertEquals(10, summary.get("iterations").asInt());
    assertEquals(1, summary.get("total_executors_lost").asInt());
    assertEquals(2, summary.get("total_tasks_resubmitted").asInt());
    assertEquals(250, summary.get("total_recompute_wait_ms").asInt());
    assertEquals(14.0, summary.get("p50_iteration_ms").asDouble(), 1e-9);
    JsonNode stragglers = json.get("stragglers");
    assertEquals(10, stragglers.get("iterations").asInt(), "over every row, not the rows kept");
    assertEquals(false, stragglers.get("any_straggled").asBoolean());
    assertEquals(10, stragglers.get("modes").get("bsp").asInt());
    JsonNode fifth = new ObjectMapper().readTree(Files.readAllLines(lines).get(4));
    assertEquals(1, fifth.get("executors_lost").asInt());
    assertEquals(250, fifth.get("recompute_wait_ms").asInt());
  }

  private static IterationRecord record(int iteration, long ms, int lost) {
    return IterationRecord.builder(iteration, "bsp")
        .times(1000, 1000 + ms, 1000 + ms)
        .used(List.of(0, 1))
        .failures(lost, 0)
        .ids(1, 2)
        .recovery(lost, 2 * lost, 250L * lost)
        .build();
  }
}
