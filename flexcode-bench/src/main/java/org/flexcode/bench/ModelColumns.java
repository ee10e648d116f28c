package org.flexcode.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkContext;
import org.flexcode.model.Costs;
import org.flexcode.model.ModelSummary;

/**
 * The model's columns of a bench report: for every row {@code model_ms} (the {@link RowModel}'s
 * mean iteration ms of the row's strategy over the delays the run's injection drew in its own
 * iterations, {@link InjectedDraws}, on the run's shape with the costs calibrated from the same
 * report, {@link CostCalibration}) and {@code measured_over_model}, beside {@code
 * model_expected_ms} (the pattern's expectation, a Monte Carlo of {@link RowModel#ITERATIONS} fresh
 * iterations), or a {@code model_note} where the model has no rule; and, under the report's {@code
 * model} key, the shape, the costs and per pattern the {@code limit} (bsp with no straggler).
 */
final class ModelColumns {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ModelColumns() {}

  /**
   * Adds the model's columns to the report {@code root} (its {@code runs} rows and a {@code model}
   * entry) and returns the Markdown section that shows them.
   */
  @SuppressWarnings("unchecked")
  static String annotate(Map<String, Object> root) {
    List<Map<String, Object>> rows = (List<Map<String, Object>>) root.get("runs");
    JsonNode tree = JSON.valueToTree(root);
    BenchShape shape = liveShape(tree);
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("cluster", shapeMap(shape));
    CostCalibration calibration;
    try {
      calibration = CostCalibration.fit(List.of(withShape(tree, shape)));
    } catch (IllegalArgumentException e) {
      for (Map<String, Object> row : rows) {
        row.put("model_note", "no model: " + e.getMessage());
      }
      model.put("note", e.getMessage());
      root.put("model", model);
      return "\n## Model\n\nno model: " + e.getMessage() + "\n";
    }
    RowModel rowModel = new RowModel(calibration, shape, seedOf(tree));
    Set<String> patterns = new LinkedHashSet<>();
    for (Map<String, Object> row : rows) {
      String pattern = (String) row.get("pattern");
      patterns.add(pattern);
      String strategy = (String) row.get("strategy");
      double spread = spreadOf(row);
      ModelSummary s = rowModel.replayed(strategy, pattern, iterationsOf(row), spread);
      if (s.supported()) {
        double measured = ((Number) row.get("mean_iteration_ms")).doubleValue();
        row.put("model_ms", s.meanMs());
        row.put("measured_over_model", measured / s.meanMs());
        row.put("model_expected_ms", rowModel.model(strategy, pattern, spread).meanMs());
      } else {
        row.put("model_note", s.note());
      }
    }
    List<Map<String, Object>> limits = new ArrayList<>();
    for (String pattern : patterns) {
      ModelSummary s = rowModel.limit(pattern);
      Map<String, Object> limit = new LinkedHashMap<>();
      limit.put("strategy", "limit");
      limit.put("pattern", pattern);
      limit.put("model_ms", s.supported() ? s.meanMs() : null);
      limits.add(limit);
    }
    model.put("block_ms", calibration.blockMs());
    model.put("unslowed_block_ms", calibration.unslowedBlockMs());
    model.put("model_mb", calibration.modelMb());
    model.put("costs", costsMap(calibration.costs()));
    model.put(
        "mllib_costs",
        calibration.mllibCosts() == null ? null : costsMap(calibration.mllibCosts()));
    model.put("monte_carlo_iterations", RowModel.ITERATIONS);
    model.put("notes", calibration.notes());
    model.put("limits", limits);
    root.put("model", model);
    return markdown(rows, limits, shape, calibration);
  }

  /** The Markdown section: every row's measured and model ms, each pattern closed by its limit. */
  static String markdown(
      List<Map<String, Object>> rows,
      List<Map<String, Object>> limits,
      BenchShape shape,
      CostCalibration calibration) {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "%n## Model (%d executors x %d cores, %d tasks, T %.1f ms per block)%n%n",
            shape.executors(),
            shape.cores(),
            shape.tasks(),
            calibration.blockMs() + calibration.unslowedBlockMs()));
    calibration.notes().forEach(n -> md.append("- ").append(n).append('\n'));
    md.append("- patterns at the machine level (one factor per executor and iteration);")
        .append(" model ms replays the factors the run's injection drew in its own iterations;")
        .append(" expected ms is the pattern's Monte Carlo mean over ")
        .append(RowModel.ITERATIONS)
        .append(" fresh iterations\n");
    md.append(
            "\n| strategy | pattern | mean ms | model ms | measured/model | expected ms | note |\n")
        .append("|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> limit : limits) {
      String pattern = (String) limit.get("pattern");
      for (Map<String, Object> row : rows) {
        if (pattern.equals(row.get("pattern"))) {
          double mean = ((Number) row.get("mean_iteration_ms")).doubleValue();
          md.append(
              line(
                  row.get("strategy"),
                  pattern,
                  mean,
                  new Object[] {row.get("model_ms"), row.get("model_expected_ms")},
                  row.get("model_note")));
        }
      }
      Object limitMs = limit.get("model_ms");
      md.append(
          line(
              "limit",
              pattern,
              Double.NaN,
              new Object[] {limitMs, limitMs},
              "bsp with no straggler"));
    }
    return md.toString();
  }

  /** One table line; {@code models} holds the replayed and the expected model ms (or nulls). */
  private static String line(
      Object strategy, String pattern, double mean, Object[] models, Object note) {
    double m = msOf(models[0]);
    double expected = msOf(models[1]);
    return String.format(
        Locale.ROOT,
        "| %s | %s | %s | %s | %s | %s | %s |%n",
        strategy,
        pattern,
        format(mean),
        format(m),
        RowModel.ratio(mean, m),
        format(expected),
        note == null ? "" : note);
  }

  /** The row's measured gradient spread ({@code gradient_spread}), NaN when it has none. */
  private static double spreadOf(Map<String, Object> row) {
    return row.get("gradient_spread") instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  private static double msOf(Object value) {
    return value == null ? Double.NaN : ((Number) value).doubleValue();
  }

  private static String format(double ms) {
    return Double.isNaN(ms) ? "" : String.format(Locale.ROOT, "%.1f", ms);
  }

  /** The measured iterations of a report row (its {@code iteration_ms} entries), at least 1. */
  private static int iterationsOf(Map<String, Object> row) {
    Object ms = row.get("iteration_ms");
    if (ms instanceof List<?> list) {
      return Math.max(1, list.size());
    }
    if (ms instanceof double[] array) {
      return Math.max(1, array.length);
    }
    return RowModel.ITERATIONS;
  }

  /**
   * The report's shape; on a {@code spark://} master with no {@code --executors} the executors
   * registered with the running application and its total cores (default parallelism).
   */
  private static BenchShape liveShape(JsonNode tree) {
    BenchShape shape = BenchShape.of(tree);
    boolean standalone = tree.path("workload").path("master").asText("").startsWith("spark://");
    scala.Option<SparkContext> active = org.apache.spark.SparkContext$.MODULE$.getActive();
    if (!standalone || tree.path("params").has("executors") || active.isEmpty()) {
      return shape;
    }
    SparkContext sc = active.get();
    int executors = Math.max(1, sc.statusTracker().getExecutorInfos().length - 1);
    int cores = Math.max(1, sc.defaultParallelism() / executors);
    return new BenchShape(executors, cores, shape.tasks());
  }

  private static JsonNode withShape(JsonNode tree, BenchShape shape) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = tree.deepCopy();
    copy.putObject("model").set("cluster", JSON.valueToTree(shapeMap(shape)));
    return copy;
  }

  /** The straggler seed of a report ({@code --seed}, default 7). */
  static long seedOf(JsonNode tree) {
    JsonNode seed = tree.path("params").get("seed");
    return seed == null ? 7L : Long.parseLong(seed.asText().trim());
  }

  static Map<String, Object> shapeMap(BenchShape shape) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("executors", shape.executors());
    m.put("cores", shape.cores());
    m.put("tasks", shape.tasks());
    return m;
  }

  private static Map<String, Object> costsMap(Costs c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("job_ms", c.jobMs());
    m.put("task_launch_ms", c.taskLaunchMs());
    m.put("decode_base_ms", c.decodeBaseMs());
    m.put("decode_per_task_ms", c.decodePerTaskMs());
    m.put("broadcast_base_ms", c.broadcastBaseMs());
    m.put("broadcast_per_mb_ms", c.broadcastPerMbMs());
    return m;
  }
}
