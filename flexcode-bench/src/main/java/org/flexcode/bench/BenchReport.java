package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.flexcode.metrics.JsonReports;
import org.flexcode.metrics.SampleStats;
import org.flexcode.metrics.TimeToTarget;

/**
 * The bench's outputs: the JSON report (per run: iteration-time percentiles, waste, task-seconds,
 * the ratios to the row's ideal run and to MLlib under the same pattern, time to MLlib's ideal
 * final loss), the Markdown table and the PNG plots beside it; and the pooling of repeated rounds.
 */
final class BenchReport {

  private static final String TABLE_HEAD =
      "| strategy | pattern | mean ms | p95 ms | ideal ratio | mllib ratio | task-s ratio |"
          + " time to target ms | final loss |\n|---|---|---|---|---|---|---|---|---|\n";

  private final Map<String, Run> byKey = new LinkedHashMap<>();
  private final Double target;

  private BenchReport(List<Run> runs, boolean comparableLoss) {
    for (Run r : runs) {
      byKey.put(r.strategy() + "|" + r.pattern(), r);
    }
    Run mllibIdeal = byKey.get("mllib|ideal");
    target = !comparableLoss || mllibIdeal == null ? null : mllibIdeal.finalLoss();
  }

  /**
   * Writes the JSON report to {@code report} and the table and plots beside it, and prints them;
   * {@code comparableLoss} says whether rows' losses compare iteration by iteration (time to
   * target).
   */
  static void write(
      Path report,
      Map<String, Object> sizes,
      List<Run> runs,
      Map<String, Object> params,
      boolean comparableLoss)
      throws IOException {
    BenchReport figures = new BenchReport(runs, comparableLoss);
    List<Map<String, Object>> rows = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append("# FlexCode bench\n\n").append(sizes).append("\n\n").append(TABLE_HEAD);
    for (Run r : runs) {
      Map<String, Object> row = figures.row(r);
      rows.add(row);
      md.append(markdownRow(row));
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("job", "bench");
    root.put("params", params);
    root.put("workload", sizes);
    root.put("target_loss", figures.target);
    root.put("runs", rows);
    md.append(ModelColumns.annotate(root));
    JsonReports.write(report, root);
    Path markdown = sibling(report, ".md");
    Files.writeString(markdown, md.toString());
    List<Path> plots = BenchPlots.draw(report, runs.stream().map(BenchReport::plotRun).toList());
    System.out.print(md);
    System.out.println("report: " + report.toAbsolutePath());
    System.out.println("table: " + markdown.toAbsolutePath());
    plots.forEach(p -> System.out.println("plot: " + p.toAbsolutePath()));
  }

  /** One run's entry of the JSON report. */
  private Map<String, Object> row(Run r) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("strategy", r.strategy());
    row.put("pattern", r.pattern());
    double meanMs = SampleStats.mean(r.iterationMs());
    row.put("mean_iteration_ms", meanMs);
    row.put("p50_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.50));
    row.put("p95_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.95));
    row.put("p99_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.99));
    row.put("total_waste_ms", r.cost().wasteMs());
    row.put("final_loss", r.finalLoss());
    row.put("wall_ms", r.cost().wallMs());
    row.put("task_seconds", r.cost().taskSeconds());
    row.put("mean_task_compute_ms", r.cost().meanTaskComputeMs());
    Run ideal = byKey.get(r.strategy() + "|ideal");
    Run mllib = byKey.get("mllib|" + r.pattern());
    double mllibTaskSeconds = mllib == null ? 0 : mllib.cost().taskSeconds();
    row.put("ideal_ratio", ideal == null ? null : meanMs / SampleStats.mean(ideal.iterationMs()));
    row.put("mllib_ratio", mllib == null ? null : meanMs / SampleStats.mean(mllib.iterationMs()));
    row.put(
        "extra_task_seconds_ratio",
        mllibTaskSeconds == 0 ? null : r.cost().taskSeconds() / mllibTaskSeconds);
    // Within 1e-9 relative of the target counts as reached (MLlib's own final loss, recomputed).
    row.put(
        "time_to_target_ms",
        target == null ? null : TimeToTarget.of(r.loss(), r.endMs(), target * (1 + 1e-9)));
    row.put("iteration_ms", r.iterationMs());
    row.put("loss", r.loss());
    return row;
  }

  private static String markdownRow(Map<String, Object> row) {
    Object toTarget = row.get("time_to_target_ms");
    Object finalLoss = row.get("final_loss");
    return String.format(
        Locale.ROOT,
        "| %s | %s | %.1f | %.1f | %s | %s | %s | %s | %s |%n",
        row.get("strategy"),
        row.get("pattern"),
        (Double) row.get("mean_iteration_ms"),
        (Double) row.get("p95_iteration_ms"),
        format(row.get("ideal_ratio")),
        format(row.get("mllib_ratio")),
        format(row.get("extra_task_seconds_ratio")),
        toTarget == null ? "not reached" : String.format(Locale.ROOT, "%.0f", (Double) toTarget),
        finalLoss == null ? "" : String.format(Locale.ROOT, "%.6f", (Double) finalLoss));
  }

  /**
   * One run per strategy and pattern: the rounds' iteration times pooled; task-seconds, waste and
   * wall time averaged per round (and the mean task compute time over the rounds that have one);
   * the loss curve and iteration end times of the first round.
   */
  static List<Run> pool(List<Run> runs) {
    Map<String, List<Run>> byKey = new LinkedHashMap<>();
    for (Run r : runs) {
      byKey.computeIfAbsent(r.strategy() + "|" + r.pattern(), k -> new ArrayList<>()).add(r);
    }
    List<Run> pooled = new ArrayList<>();
    for (List<Run> rounds : byKey.values()) {
      if (rounds.size() == 1) {
        pooled.add(rounds.get(0));
        continue;
      }
      Run first = rounds.get(0);
      double[] ms = rounds.stream().flatMapToDouble(r -> Arrays.stream(r.iterationMs())).toArray();
      int n = rounds.size();
      double[] taskMs =
          rounds.stream()
              .map(r -> r.cost().meanTaskComputeMs())
              .filter(Objects::nonNull)
              .mapToDouble(Double::doubleValue)
              .toArray();
      Run.Cost cost =
          new Run.Cost(
              rounds.stream().mapToDouble(r -> r.cost().taskSeconds()).sum() / n,
              rounds.stream().mapToLong(r -> r.cost().wasteMs()).sum() / n,
              rounds.stream().mapToLong(r -> r.cost().wallMs()).sum() / n,
              taskMs.length > 0 ? SampleStats.mean(taskMs) : null);
      pooled.add(first.with(ms, first.endMs(), cost));
    }
    return pooled;
  }

  private static BenchPlots.Series plotRun(Run r) {
    return new BenchPlots.Series(r.strategy(), r.pattern(), r.iterationMs(), r.endMs(), r.loss());
  }

  /** The file beside {@code report} with {@code suffix} in place of its {@code .json}. */
  static Path sibling(Path report, String suffix) {
    String name = report.getFileName().toString();
    String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return report.resolveSibling(base + suffix);
  }

  private static String format(Object v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.2f", (Double) v);
  }
}
