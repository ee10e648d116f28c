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
 * the machine's CPU utilization, the ratios to the row's ideal run and to MLlib under the same
 * pattern, time to MLlib's ideal final loss on the exact loss and on the reported one), the
 * Markdown table and the PNG plots beside it; and the pooling of repeated rounds. The report's
 * {@code runs} is a list of row maps that later stages may extend with keys of their own.
 */
final class BenchReport {

  private static final String TABLE_HEAD =
      "| strategy | pattern | mean ms | p95 ms | ideal ratio | mllib ratio | task-s ratio |"
          + " waste task-s | cpu | time to target ms | final loss |\n"
          + "|---|---|---|---|---|---|---|---|---|---|---|\n";

  private final Map<String, Run> byKey = new LinkedHashMap<>();
  private final Double target;
  private final Object compute;

  /**
   * The figures of {@code runs}, the target from the baseline under {@code ideal}: {@code mllib},
   * else (mf) {@code als}.
   */
  BenchReport(List<Run> runs, boolean comparableLoss, Object compute) {
    this.compute = compute;
    for (Run r : runs) {
      byKey.put(r.strategy() + "|" + r.pattern(), r);
    }
    Run mllibIdeal = byKey.getOrDefault("mllib|ideal", byKey.get("als|ideal"));
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
    BenchReport figures = new BenchReport(runs, comparableLoss, sizes.get("compute"));
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
    List<Path> plots =
        new ArrayList<>(BenchPlots.draw(report, runs.stream().map(BenchReport::plotRun).toList()));
    plots.add(TargetChart.draw(report, rows));
    System.out.print(md);
    System.out.println("report: " + report.toAbsolutePath());
    System.out.println("table: " + markdown.toAbsolutePath());
    plots.forEach(p -> System.out.println("plot: " + p.toAbsolutePath()));
  }

  /** One run's entry of the JSON report. */
  Map<String, Object> row(Run r) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("strategy", r.strategy());
    row.put("pattern", r.pattern());
    double meanMs = SampleStats.mean(r.iterationMs());
    row.put("mean_iteration_ms", meanMs);
    row.put("p50_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.50));
    row.put("p95_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.95));
    row.put("p99_iteration_ms", SampleStats.percentile(r.iterationMs(), 0.99));
    putCost(row, r.cost());
    row.put("final_loss", r.finalLoss());
    row.put("final_exact_loss", r.finalExactLoss());
    Run ideal = byKey.get(r.strategy() + "|ideal");
    Run mllib = byKey.get("mllib|" + r.pattern());
    double mllibTaskSeconds = mllib == null ? 0 : mllib.cost().taskSeconds();
    row.put("ideal_ratio", ideal == null ? null : meanMs / SampleStats.mean(ideal.iterationMs()));
    row.put("mllib_ratio", mllib == null ? null : meanMs / SampleStats.mean(mllib.iterationMs()));
    row.put(
        "extra_task_seconds_ratio",
        mllibTaskSeconds == 0 ? null : r.cost().taskSeconds() / mllibTaskSeconds);
    putTimeToTarget(row, r);
    putShare(row, r, meanMs);
    row.put("compute", compute);
    MllibBaseline baseline = MllibBaseline.of(r.strategy());
    if (baseline != null) {
      row.put("spark_conf", baseline.effectiveConfs());
    }
    row.put("iteration_ms", r.iterationMs());
    row.put("loss", r.loss());
    row.put("exact_loss", r.exactLoss());
    return row;
  }

  /**
   * Waste (barrier waits plus discarded attempts, in task-seconds), task-seconds, wall time and the
   * machine's CPU utilization, flagged {@code cpu_bound} above {@link CpuTimes#CPU_BOUND}.
   */
  private static void putCost(Map<String, Object> row, Run.Cost cost) {
    row.put("total_waste_ms", cost.wasteMs());
    row.put("discarded_task_ms", cost.discardedMs());
    row.put("waste_task_seconds", (cost.wasteMs() + cost.discardedMs()) / 1000.0);
    row.put("wall_ms", cost.wallMs());
    row.put("task_seconds", cost.taskSeconds());
    row.put("mean_task_compute_ms", cost.meanTaskComputeMs());
    Double cpu = cost.cpuUtilization();
    row.put("cpu_utilization", cpu);
    row.put("cpu_bound", cpu == null ? null : cpu > CpuTimes.CPU_BOUND);
  }

  /**
   * The mean share of the data an iteration aggregated, the time per pass over the data (mean
   * iteration ms / that share), how often an adaptive strategy made each choice and the spread of
   * the workers' gradients {@code auto} measured ({@link DataShare#gradientSpread}); null and empty
   * for MLlib's rows.
   */
  private static void putShare(Map<String, Object> row, Run r, double meanMs) {
    Double share = r.shareUsed() == null ? null : SampleStats.mean(r.shareUsed());
    row.put("mean_share_used", share);
    row.put("ms_per_pass", share == null || share <= 0 ? null : meanMs / share);
    row.put("choices", DataShare.counts(r.choices().stream().map(DataShare::label).toList()));
    double spread = DataShare.gradientSpread(r.choices());
    row.put("gradient_spread", Double.isNaN(spread) ? null : spread);
  }

  /**
   * Time to the target on the exact loss where the run has it ({@code time_to_target_on}: exact),
   * else on the reported loss; and on the reported (for approximate strategies estimated) loss.
   * Within 1e-9 relative of the target counts as reached (MLlib's own final loss, recomputed). An
   * inexact row's iterations past the measured ones ({@link Run#beyond}) count here: the target is
   * the exact rows' loss at the last measured iteration, which an inexact row reaches a little
   * later ({@code iterations_past_measured} of them were run). {@code time_to_target_iteration}:
   * after how many updates the loss reached it. {@code time_to_target_extrapolated_ms}: the same on
   * the exact loss, or for a row cut off within one iteration's progress of the target,
   * extrapolated at its last pace ({@link TimeToTarget#extrapolated}).
   */
  private void putTimeToTarget(Map<String, Object> row, Run r) {
    double[][] lossAndEnds = r.lossAndEndsWithBeyond();
    double[] exact = lossAndEnds[0];
    double[] ends = lossAndEnds[1];
    double reached = target == null ? Double.NaN : target * (1 + 1e-9);
    row.put("time_to_target_ms", target == null ? null : TimeToTarget.of(exact, ends, reached));
    row.put(
        "time_to_target_iteration",
        target == null ? null : TimeToTarget.iterationOf(exact, ends.length, reached));
    row.put("iterations_past_measured", r.beyond() == null ? 0 : r.beyond().endMs().length);
    row.put(
        "time_to_target_extrapolated_ms",
        target == null ? null : TimeToTarget.extrapolated(exact, ends, reached));
    row.put("time_to_target_on", r.exactLoss() != null ? "exact" : "reported");
    row.put(
        "time_to_target_estimated_ms",
        target == null ? null : TimeToTarget.of(r.loss(), r.endMs(), reached));
  }

  /** The time to target, or "not reached", with the extrapolated time if there is one. */
  private static String toTargetText(Object reached, Object extrapolated) {
    if (reached != null) {
      return String.format(Locale.ROOT, "%.0f", (Double) reached);
    }
    return extrapolated == null
        ? "not reached"
        : String.format(Locale.ROOT, "not reached (~%.0f extrapolated)", (Double) extrapolated);
  }

  private static String markdownRow(Map<String, Object> row) {
    Object toTarget = row.get("time_to_target_ms");
    Object finalLoss =
        row.get("final_exact_loss") != null ? row.get("final_exact_loss") : row.get("final_loss");
    Object cpu = row.get("cpu_utilization");
    String cpuText =
        cpu == null
            ? ""
            : String.format(Locale.ROOT, "%.0f%%", 100 * (Double) cpu)
                + (Boolean.TRUE.equals(row.get("cpu_bound")) ? " cpu_bound" : "");
    return String.format(
        Locale.ROOT,
        "| %s | %s | %.1f | %.1f | %s | %s | %s | %.2f | %s | %s | %s |%n",
        row.get("strategy"),
        row.get("pattern"),
        (Double) row.get("mean_iteration_ms"),
        (Double) row.get("p95_iteration_ms"),
        format(row.get("ideal_ratio")),
        format(row.get("mllib_ratio")),
        format(row.get("extra_task_seconds_ratio")),
        (Double) row.get("waste_task_seconds"),
        cpuText,
        toTargetText(toTarget, row.get("time_to_target_extrapolated_ms")),
        finalLoss == null ? "" : String.format(Locale.ROOT, "%.6f", (Double) finalLoss));
  }

  /**
   * One run per strategy and pattern: the rounds' iteration times pooled; task-seconds, waste and
   * wall time averaged per round (and the mean task compute time and CPU utilization over the
   * rounds that have one); the loss curves and iteration end times of the first round.
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
      Run.Cost cost =
          new Run.Cost(
              rounds.stream().mapToDouble(r -> r.cost().taskSeconds()).sum() / n,
              rounds.stream().mapToLong(r -> r.cost().wasteMs()).sum() / n,
              rounds.stream().mapToLong(r -> r.cost().discardedMs()).sum() / n,
              rounds.stream().mapToLong(r -> r.cost().wallMs()).sum() / n,
              meanOf(rounds.stream().map(r -> r.cost().meanTaskComputeMs()).toList()),
              meanOf(rounds.stream().map(r -> r.cost().cpuUtilization()).toList()));
      pooled.add(first.with(ms, first.endMs(), cost));
    }
    return pooled;
  }

  /** The mean of the values that are not null, or null when none is. */
  private static Double meanOf(List<Double> values) {
    double[] present = values.stream().filter(Objects::nonNull).mapToDouble(d -> d).toArray();
    return present.length > 0 ? SampleStats.mean(present) : null;
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
