package org.flexcode.ui.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.flexcode.metrics.IterationRecord;

/**
 * The bodies of the FlexCode tab's two pages, as HTML in the Spark UI's own CSS classes: the
 * application's fits ({@link #fits}) and one fit ({@link #fit}: a summary, the iteration-time
 * chart, the executor heatmap and what was cancelled or moved). Links are relative, so the pages
 * work under the live UI, the History Server and a proxy alike.
 */
public final class FlexCodePages {

  /** The fit page's path below the tab, and its query parameter. */
  public static final String FIT_PAGE = "fit";

  /** The query parameter naming the fit. */
  public static final String FIT_PARAMETER = "id";

  private FlexCodePages() {}

  /** The list of the fits of {@code iterations}, with links to their pages. */
  public static String fits(List<FitIteration> iterations) {
    List<FitSummary> fits = FitSummary.of(iterations);
    if (fits.isEmpty()) {
      return "<p>No FlexCode fit has run in this application yet.</p>";
    }
    StringBuilder html =
        new StringBuilder("<h4>Fits</h4><table class=\"table table-bordered table-sm table-striped")
            .append(" fc-fits\"><thead><tr><th>Fit</th><th>Workload</th><th>Strategy</th>")
            .append("<th>Iterations</th><th>Iteration time</th><th>Wall time</th><th>Exact</th>")
            .append(
                "<th>Tasks cancelled</th><th>Chunks moved</th><th>Modes</th></tr></thead><tbody>");
    for (FitSummary fit : fits) {
      html.append(
          String.format(
              Locale.ROOT,
              "<tr data-fit=\"%1$s\" data-iterations=\"%2$d\"><td><a href=\"%3$s/?%4$s=%1$s\">%1$s</a>"
                  + "</td><td>%5$s</td><td>%6$s</td><td class=\"fc-iterations\">%13$s</td><td>%7$s"
                  + "</td><td>%8$s</td><td>%9$s</td><td>%10$d</td><td>%11$d</td><td>%12$s</td></tr>",
              Html.escape(fit.fit()),
              fit.lastNumber(),
              FIT_PAGE,
              FIT_PARAMETER,
              Html.escape(fit.workload()),
              Html.escape(fit.strategy()),
              Html.duration(fit.iterationMs()),
              Html.duration(fit.wallMs()),
              fit.exact() ? "yes" : fit.exactIterations() + " of " + fit.iterations(),
              fit.tasksCancelled(),
              fit.chunksMoved(),
              Html.escape(modes(fit.modes())),
              iterations(fit)));
    }
    return html.append("</tbody></table>").toString();
  }

  /**
   * The page of fit {@code key} among {@code iterations}, with the executor verdicts {@code
   * verdicts} gives; a one-line message when there is no such fit.
   */
  public static String fit(String key, List<FitIteration> iterations, ExecutorVerdicts verdicts) {
    List<FitIteration> fit = FitSummary.iterationsOf(key == null ? "" : key, iterations);
    if (fit.isEmpty()) {
      return "<p class=\"fc-missing\">No fit '"
          + Html.escape(String.valueOf(key))
          + "' in this application. <a href=\"../\">All fits</a></p>";
    }
    FitSummary summary = FitSummary.of(fit).get(0);
    List<IterationRecord> records = fit.stream().map(FitIteration::record).toList();
    Map<String, String> verdictByExecutor = verdictsOf(verdicts, records);
    return new StringBuilder()
        .append("<p><a href=\"../\">All fits</a></p>")
        .append(
            String.format(
                Locale.ROOT,
                "<ul class=\"list-unstyled fc-summary\" data-iterations=\"%d\"><li><strong>Workload:"
                    + "</strong> %s</li><li><strong>Strategy:</strong> %s</li><li><strong>"
                    + "Iterations:</strong> %s (%s exact)</li><li><strong>Iteration time:</strong> %s"
                    + " (wall %s)</li><li><strong>Tasks cancelled:</strong> %d</li><li><strong>Chunks"
                    + " moved:</strong> %d</li><li><strong>Modes:</strong> %s</li></ul>",
                summary.lastNumber(),
                Html.escape(summary.workload()),
                Html.escape(summary.strategy()),
                iterations(summary),
                summary.exact() ? "all" : Integer.toString(summary.exactIterations()),
                Html.duration(summary.iterationMs()),
                Html.duration(summary.wallMs()),
                summary.tasksCancelled(),
                summary.chunksMoved(),
                Html.escape(modes(summary.modes()))))
        .append("<h4>Iteration time</h4>")
        .append(IterationChart.svg(fit))
        .append("<h4>Executors</h4><p>Median task time per executor and iteration (ms), shaded by")
        .append(" its ratio to the iteration's median executor; ✕n: n tasks cancelled there.</p>")
        .append(ExecutorHeatmap.html(fit, verdictByExecutor))
        .append("<h4>Cancelled and moved</h4>")
        .append(IterationActions.html(fit))
        .toString();
  }

  /** The page title of fit {@code key}. */
  public static String fitTitle(String key) {
    return "FlexCode fit " + key;
  }

  private static Map<String, String> verdictsOf(
      ExecutorVerdicts verdicts, List<IterationRecord> records) {
    Map<String, String> given = verdicts == null ? null : verdicts.verdicts(records);
    return given == null ? Map.of() : given;
  }

  /** The iteration count, and how many are kept when earlier ones were dropped. */
  private static String iterations(FitSummary fit) {
    return fit.truncated()
        ? fit.lastNumber() + " (the last " + fit.iterations() + " kept)"
        : Integer.toString(fit.lastNumber());
  }

  private static String modes(Map<String, Integer> modes) {
    StringBuilder text = new StringBuilder();
    modes.forEach(
        (mode, count) ->
            text.append(text.length() > 0 ? ", " : "").append(mode).append(" x").append(count));
    return text.toString();
  }
}
