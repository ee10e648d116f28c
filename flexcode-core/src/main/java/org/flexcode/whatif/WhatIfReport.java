package org.flexcode.whatif;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.flexcode.metrics.ExecutorSlowness;
import org.flexcode.metrics.ExecutorSlowness.Verdict;
import org.flexcode.metrics.StragglerReport;

/** The what-if analysis as text (per fit: times, diagnosis, table) or as JSON-ready maps. */
public final class WhatIfReport {

  private WhatIfReport() {}

  /** The text report of {@code fits} of {@code log}. */
  public static String text(EventLog log, List<FitAnalysis> fits) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%s: Spark %s, %d jobs%n",
            log.source(),
            log.sparkVersion(),
            log.jobs().size()));
    for (FitAnalysis f : fits) {
      out.append(fit(f));
    }
    out.append("\nAssumptions:\n");
    WhatIf.ASSUMPTIONS.forEach(a -> out.append("- ").append(a).append('\n'));
    return out.toString();
  }

  private static String fit(FitAnalysis f) {
    Fit fit = f.fit();
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%nfit %d: %d iterations of %s%n  %d executors, %d tasks per iteration, task %.0f ms,"
                + " launch %.0f ms%n  measured %.1f s: %.1f s in the iteration stages' tasks,"
                + " %.1f s outside them; mean iteration %.0f ms (model replay of the log %.0f ms)%n",
            fit.number(),
            fit.iterations().size(),
            fit.label(),
            f.executors().size(),
            f.tasks(),
            f.typicalTaskMs(),
            f.launchMs(),
            fit.measuredMs() / 1000.0,
            fit.inStagesMs() / 1000.0,
            fit.outsideStagesMs() / 1000.0,
            f.measuredMeanMs(),
            f.replayedMeanMs()));
    for (LoggedExecutor e : f.idleExecutors()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  executor %s (%s) registered but ran no iteration task: avoided or slow at"
                  + " caching, not in the model%n",
              e.id(),
              e.host()));
    }
    out.append(diagnosis(f.stragglers()));
    out.append("  | strategy | mean iteration ms | total s | saved s | copies | memory |\n");
    out.append("  |---|---|---|---|---|---|\n");
    out.append(
        String.format(
            Locale.ROOT,
            "  | measured | %.0f | %.1f | | 1 | %s |%n",
            f.measuredMeanMs(),
            fit.measuredMs() / 1000.0,
            bytes(f.dataBytes())));
    for (Prediction p : f.predictions()) {
      if (!p.predicted()) {
        out.append("  | ").append(p.strategy()).append(" | ").append(p.note()).append(" |\n");
        continue;
      }
      out.append(
          String.format(
              Locale.ROOT,
              "  | %s | %.0f | %.1f | %.1f | %d | %s |%n",
              p.strategy(),
              p.meanIterationMs(),
              p.totalMs() / 1000.0,
              p.savedMs() / 1000.0,
              p.copies(),
              bytes(p.memoryBytes())));
    }
    return out.toString();
  }

  private static String diagnosis(StragglerReport report) {
    if (!report.anyStraggled()) {
      return "  stragglers: none (no executor took 1.5x the median executor's time)\n";
    }
    StringBuilder out = new StringBuilder("  stragglers:\n");
    for (ExecutorSlowness e : report.executors()) {
      if (e.verdict() != Verdict.NONE) {
        out.append(
            String.format(
                Locale.ROOT,
                "    executor %s: %s, slow in %d of %d iterations, median %.2fx the"
                    + " median executor%n",
                e.executor(),
                e.verdict().label(),
                e.slowIterations(),
                e.iterations(),
                e.medianSlowdown()));
      }
    }
    return out.toString();
  }

  private static String bytes(long bytes) {
    if (bytes < 0) {
      return "unknown";
    }
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  /** The analysis as JSON-ready maps: source, version, and per fit its figures and table. */
  public static Map<String, Object> json(EventLog log, List<FitAnalysis> fits) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("source", log.source());
    root.put("spark_version", log.sparkVersion());
    root.put("warnings", log.warnings());
    List<Object> out = new ArrayList<>();
    for (FitAnalysis f : fits) {
      out.add(fitJson(f));
    }
    root.put("fits", out);
    root.put("assumptions", WhatIf.ASSUMPTIONS);
    return root;
  }

  private static Map<String, Object> fitJson(FitAnalysis f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("fit", f.fit().number());
    m.put("label", f.fit().label());
    m.put("iterations", f.fit().iterations().size());
    m.put("start_ms", f.fit().startMs());
    m.put("end_ms", f.fit().endMs());
    m.put("executors", f.executors().size());
    m.put("idle_executors", idle(f.idleExecutors()));
    m.put("tasks", f.tasks());
    m.put("task_ms", f.typicalTaskMs());
    m.put("launch_ms", f.launchMs());
    m.put("measured_ms", f.fit().measuredMs());
    m.put("in_stages_ms", f.fit().inStagesMs());
    m.put("outside_stages_ms", f.fit().outsideStagesMs());
    m.put("measured_mean_iteration_ms", f.measuredMeanMs());
    m.put("replayed_mean_iteration_ms", f.replayedMeanMs());
    m.put("data_bytes", f.dataBytes());
    m.put("stragglers", f.stragglers().toJson());
    List<Object> table = new ArrayList<>();
    for (Prediction p : f.predictions()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("strategy", p.strategy());
      row.put("mean_iteration_ms", finite(p.meanIterationMs()));
      row.put("total_ms", finite(p.totalMs()));
      row.put("saved_ms", finite(p.savedMs()));
      row.put("copies", p.copies());
      row.put("memory_bytes", p.memoryBytes());
      row.put("note", p.note());
      table.add(row);
    }
    m.put("predictions", table);
    return m;
  }

  private static List<Object> idle(List<LoggedExecutor> executors) {
    List<Object> out = new ArrayList<>();
    for (LoggedExecutor e : executors) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("executor", e.id());
      m.put("host", e.host());
      out.add(m);
    }
    return out;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
