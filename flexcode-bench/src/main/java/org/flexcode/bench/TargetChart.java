package org.flexcode.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * A bench report's time to target as one PNG: a group of bars per straggler pattern, one bar per
 * strategy, in seconds (the measured time to target, else the extrapolated one; no bar where the
 * row did not reach it). A report none of whose rows has a time to target ({@code lda}, whose
 * objective is the final log-perplexity only) gets each row's mean iteration in ms instead. The
 * bench draws it beside every report; {@code main} draws it again from a report's JSON: {@code
 * submit-scripts/run-class org.flexcode.bench.TargetChart bench.json}.
 */
public final class TargetChart {

  private TargetChart() {}

  /** Draws the chart of the report at {@code args[0]} beside it and prints its path. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: TargetChart REPORT.json");
      System.exit(2);
    }
    Path report = Path.of(args[0]);
    JsonNode runs = new ObjectMapper().readTree(report.toFile()).path("runs");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (JsonNode run : runs) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("strategy", run.path("strategy").asText());
      row.put("pattern", run.path("pattern").asText());
      row.put("time_to_target_ms", number(run.get("time_to_target_ms")));
      row.put("time_to_target_extrapolated_ms", number(run.get("time_to_target_extrapolated_ms")));
      row.put("mean_iteration_ms", number(run.get("mean_iteration_ms")));
      rows.add(row);
    }
    System.out.println("plot: " + draw(report, rows).toAbsolutePath());
  }

  /** Draws the chart of the report's {@code rows} beside {@code report}; returns the file. */
  static Path draw(Path report, List<Map<String, Object>> rows) throws IOException {
    System.setProperty("java.awt.headless", "true");
    boolean anyTarget = rows.stream().anyMatch(row -> seconds(row) != null);
    List<String> patterns = new ArrayList<>();
    Map<String, Map<String, Double>> seconds = new LinkedHashMap<>();
    for (Map<String, Object> row : rows) {
      String pattern = String.valueOf(row.get("pattern"));
      if (!patterns.contains(pattern)) {
        patterns.add(pattern);
      }
      seconds
          .computeIfAbsent(String.valueOf(row.get("strategy")), k -> new LinkedHashMap<>())
          .put(pattern, anyTarget ? seconds(row) : meanIterationMs(row));
    }
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(1200)
            .height(520)
            .title(title(anyTarget))
            .xAxisTitle("pattern")
            .yAxisTitle(anyTarget ? "s" : "ms")
            .build();
    chart.getStyler().setXAxisLabelRotation(20);
    for (Map.Entry<String, Map<String, Double>> e : seconds.entrySet()) {
      List<Double> y = new ArrayList<>();
      for (String p : patterns) {
        y.add(e.getValue().get(p));
      }
      chart.addSeries(e.getKey(), patterns, y);
    }
    String name = report.getFileName().toString().replaceFirst("\\.json$", "");
    Path file = report.resolveSibling(name + "-time-to-target.png");
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  /** The chart's title: time to target, or mean iteration when no row has a time to target. */
  static String title(boolean anyTarget) {
    return anyTarget
        ? "Time to target by straggler pattern"
        : "Mean iteration by straggler pattern (no row has a time to target)";
  }

  /** The row's mean iteration in ms, or null. */
  static Double meanIterationMs(Map<String, Object> row) {
    return row.get("mean_iteration_ms") instanceof Number n ? n.doubleValue() : null;
  }

  /** The row's time to target in seconds: measured, else extrapolated, else null. */
  static Double seconds(Map<String, Object> row) {
    Object ms = row.get("time_to_target_ms");
    if (!(ms instanceof Number)) {
      ms = row.get("time_to_target_extrapolated_ms");
    }
    return ms instanceof Number n ? n.doubleValue() / 1000.0 : null;
  }

  private static Double number(JsonNode node) {
    return node == null || !node.isNumber() ? null : node.asDouble();
  }
}
