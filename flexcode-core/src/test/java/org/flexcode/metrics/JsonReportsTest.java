package org.flexcode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class JsonReportsTest {

  @TempDir Path dir;

  @Test
  void writesIndentedJsonInKeyOrderAndCreatesTheFolder() throws Exception {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("job", "bench");
    report.put("runs", List.of(Map.of("final_loss", 0.5)));
    Path file = dir.resolve("sub/report.json");
    JsonReports.write(file, report);
    String json = Files.readString(file);
    assertTrue(json.startsWith("{\n"), json);
    assertTrue(json.indexOf("\"job\"") < json.indexOf("\"runs\""), json);
    assertTrue(json.endsWith("}\n"), json);
    assertEquals(json.strip(), JsonReports.toJson(report).strip());
  }
}
