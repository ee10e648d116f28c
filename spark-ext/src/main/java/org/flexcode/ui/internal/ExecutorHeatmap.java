package org.flexcode.ui.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.flexcode.metrics.SampleStats;
import org.flexcode.metrics.TaskTiming;

/**
 * The fit page's executor x iteration table. A cell holds the median run time of the tasks that
 * executor finished in that iteration, shaded by its ratio to the iteration's median executor
 * (white at or below 1x, full red at {@link #FULL_SHADE}x), and marks with ✕n the n tasks cancelled
 * on it. A row ends with how many shown iterations the executor was slow in (at least {@link
 * #SLOW_RATIO}x the median executor, or a task cancelled on it), its median ratio, and the verdict
 * {@link ExecutorVerdicts} gives it (the column appears when a verdict is given). Only the last
 * {@link #MAX_COLUMNS} iterations are shown.
 */
final class ExecutorHeatmap {

  static final int MAX_COLUMNS = 100;
  static final double SLOW_RATIO = 1.5;
  static final double FULL_SHADE = 4.0;

  private ExecutorHeatmap() {}

  /** One iteration's column: each executor's median task ms, and its cancelled tasks. */
  private record Column(int number, Map<String, Long> medianMs, Map<String, Integer> cancelled) {

    static Column of(FitIteration it) {
      Map<String, List<Long>> times = new HashMap<>();
      for (TaskTiming t : it.record().finished()) {
        times.computeIfAbsent(t.executorId(), k -> new ArrayList<>()).add(t.durationMs());
      }
      Map<String, Long> medians = new HashMap<>();
      times.forEach((executor, ms) -> medians.put(executor, Math.round(median(ms))));
      Map<String, Integer> cancelled = new HashMap<>();
      it.cancelledOn().values().forEach(e -> cancelled.merge(e, 1, Integer::sum));
      return new Column(it.number(), medians, cancelled);
    }

    /** The executor's ratio to the iteration's median executor, NaN if it finished no task. */
    double ratio(String executor) {
      Long ms = medianMs.get(executor);
      if (ms == null) {
        return Double.NaN;
      }
      double middle = median(new ArrayList<>(medianMs.values()));
      return middle > 0 ? ms / middle : 1.0;
    }

    boolean slow(String executor) {
      return cancelled.containsKey(executor) || ratio(executor) >= SLOW_RATIO;
    }
  }

  /** The table for {@code iterations} (in iteration order), with {@code verdicts} per executor. */
  static String html(List<FitIteration> iterations, Map<String, String> verdicts) {
    List<FitIteration> shown =
        iterations.subList(Math.max(0, iterations.size() - MAX_COLUMNS), iterations.size());
    List<Column> columns = shown.stream().map(Column::of).toList();
    TreeSet<String> executors = new TreeSet<>(ExecutorHeatmap::compareExecutors);
    columns.forEach(
        c -> {
          executors.addAll(c.medianMs().keySet());
          executors.addAll(c.cancelled().keySet());
        });
    StringBuilder html = new StringBuilder();
    if (shown.size() < iterations.size()) {
      html.append("<p>The last ").append(MAX_COLUMNS).append(" iterations.</p>");
    }
    html.append("<div style=\"overflow-x:auto\"><table class=\"table table-bordered table-sm")
        .append(" fc-heatmap\"><thead><tr><th>Executor</th>");
    columns.forEach(c -> html.append("<th>").append(c.number()).append("</th>"));
    html.append("<th>Slow iterations</th><th>Median vs median executor</th>");
    if (!verdicts.isEmpty()) {
      html.append("<th>Verdict</th>");
    }
    html.append("</tr></thead><tbody>");
    for (String executor : executors) {
      row(html, executor, columns, verdicts);
    }
    return html.append("</tbody></table></div>").toString();
  }

  private static void row(
      StringBuilder html, String executor, List<Column> columns, Map<String, String> verdicts) {
    long slow = columns.stream().filter(c -> c.slow(executor)).count();
    List<Double> ratios = new ArrayList<>();
    columns.stream().map(c -> c.ratio(executor)).filter(r -> !r.isNaN()).forEach(ratios::add);
    html.append(
        String.format(
            Locale.ROOT,
            "<tr data-executor=\"%s\" data-slow-iterations=\"%d\" data-median-ratio=\"%.2f\">"
                + "<th>%s</th>",
            Html.escape(executor),
            slow,
            ratios.isEmpty() ? Double.NaN : median(ratios),
            Html.escape(executor)));
    columns.forEach(c -> cell(html, executor, c));
    html.append("<td class=\"fc-slow-count\">")
        .append(slow)
        .append(" of ")
        .append(columns.size())
        .append("</td><td>")
        .append(ratios.isEmpty() ? "" : Html.ratio(median(ratios)))
        .append("</td>");
    if (!verdicts.isEmpty()) {
      html.append("<td class=\"fc-verdict\">")
          .append(Html.escape(verdicts.getOrDefault(executor, "")))
          .append("</td>");
    }
    html.append("</tr>");
  }

  private static void cell(StringBuilder html, String executor, Column column) {
    Long ms = column.medianMs().get(executor);
    int cancelled = column.cancelled().getOrDefault(executor, 0);
    double ratio = column.ratio(executor);
    double shade =
        ms == null
            ? (cancelled > 0 ? 1.0 : 0.0)
            : Math.min(1.0, Math.max(0.0, (ratio - 1) / (FULL_SHADE - 1)));
    StringBuilder title =
        new StringBuilder("executor " + executor + ", iteration " + column.number());
    StringBuilder text = new StringBuilder();
    if (ms != null) {
      title
          .append(": median task ")
          .append(Html.duration(ms))
          .append(", ")
          .append(Html.ratio(ratio));
      title.append(" the iteration's median executor");
      text.append(ms);
    }
    if (ms == null && cancelled == 0) {
      title.append(": no task of this executor finished before the aggregate or was cancelled");
    }
    if (cancelled > 0) {
      title
          .append("; ")
          .append(cancelled)
          .append(cancelled == 1 ? " task" : " tasks")
          .append(" cancelled");
      text.append(text.length() > 0 ? " " : "").append("✕").append(cancelled);
    }
    html.append(
        String.format(
            Locale.ROOT,
            "<td class=\"fc-cell%s\" style=\"background:rgba(220,53,69,%.2f);text-align:right;"
                + "font-size:smaller\" title=\"%s\">%s</td>",
            column.slow(executor) ? " fc-slow" : "",
            shade,
            Html.escape(title.toString()),
            text));
  }

  /** Numeric executor ids in numeric order, after any others (such as {@code driver}). */
  static int compareExecutors(String a, String b) {
    boolean numericA = a.chars().allMatch(Character::isDigit) && !a.isEmpty();
    boolean numericB = b.chars().allMatch(Character::isDigit) && !b.isEmpty();
    if (numericA && numericB) {
      return Comparator.comparingInt(String::length)
          .thenComparing(Comparator.naturalOrder())
          .compare(a, b);
    }
    if (numericA != numericB) {
      return numericA ? 1 : -1;
    }
    return a.compareTo(b);
  }

  private static double median(List<? extends Number> values) {
    return SampleStats.median(values.stream().mapToDouble(Number::doubleValue).toArray());
  }
}
