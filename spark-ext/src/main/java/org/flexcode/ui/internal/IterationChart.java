package org.flexcode.ui.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The fit page's chart, as SVG rendered on the server: one bar per iteration, its height the
 * iteration's time (submission to aggregate), its colour the mode it ran in ({@link
 * IterationModes}), with a legend of the modes and a tooltip per bar.
 */
final class IterationChart {

  static final int PLOT_HEIGHT = 200;
  private static final int LEFT = 64;
  private static final int TOP = 16;
  private static final int MAX_PLOT_WIDTH = 1200;

  private IterationChart() {}

  /** The chart of {@code iterations} (in iteration order), or a line saying there is none. */
  static String svg(List<FitIteration> iterations) {
    if (iterations.isEmpty()) {
      return "<p>No iterations.</p>";
    }
    int n = iterations.size();
    double step = Math.max(1.0, Math.min(24.0, MAX_PLOT_WIDTH / (double) n));
    int width = LEFT + (int) Math.ceil(step * n) + 16;
    int height = TOP + PLOT_HEIGHT + 40;
    long maxMs =
        Math.max(1, iterations.stream().mapToLong(i -> i.record().durationMs()).max().orElse(1));
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg class=\"fc-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"iteration time by iteration\">",
            width,
            height,
            width,
            height));
    axes(svg, width, maxMs);
    for (int i = 0; i < n; i++) {
      bar(svg, iterations.get(i), LEFT + i * step, step, maxMs);
    }
    xLabels(svg, iterations, step);
    svg.append("</svg>");
    return svg + legend(iterations);
  }

  private static void axes(StringBuilder svg, int width, long maxMs) {
    int base = TOP + PLOT_HEIGHT;
    for (int k = 0; k <= 2; k++) {
      int y = base - k * PLOT_HEIGHT / 2;
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#dee2e6\"/>"
                  + "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s</text>",
              LEFT,
              y,
              width - 8,
              y,
              LEFT - 6,
              y + 4,
              Html.duration(maxMs * k / 2)));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-size=\"11\">iteration</text>",
            LEFT,
            base + 34));
  }

  private static void bar(StringBuilder svg, FitIteration it, double x, double step, long maxMs) {
    long ms = it.record().durationMs();
    double h = Math.max(1.0, (double) ms * PLOT_HEIGHT / maxMs);
    double gap = step >= 4 ? 1.0 : 0.0;
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"fc-bar\" data-iteration=\"%d\" data-mode=\"%s\" x=\"%.1f\" y=\"%.1f\""
                + " width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>iteration %d: %s, %s%s,"
                + " %d tasks cancelled</title></rect>",
            it.number(),
            Html.escape(it.mode()),
            x,
            TOP + PLOT_HEIGHT - h,
            step - gap,
            h,
            IterationModes.colour(it.mode()),
            it.number(),
            Html.duration(ms),
            Html.escape(it.mode()),
            it.record().exact() ? ", exact" : ", inexact",
            it.record().cancelledTasks().size()));
  }

  private static void xLabels(StringBuilder svg, List<FitIteration> iterations, double step) {
    int every = Math.max(1, (int) Math.ceil(iterations.size() / 20.0));
    for (int i = 0; i < iterations.size(); i += every) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%d</text>",
              LEFT + (i + 0.5) * step,
              TOP + PLOT_HEIGHT + 14,
              iterations.get(i).number()));
    }
  }

  private static String legend(List<FitIteration> iterations) {
    Set<String> modes = new LinkedHashSet<>();
    iterations.forEach(it -> modes.add(it.mode()));
    StringBuilder html = new StringBuilder("<div class=\"fc-legend\">");
    for (String mode : modes) {
      html.append(
          String.format(
              Locale.ROOT,
              "<span class=\"fc-mode\" style=\"margin-right:1em\"><span style=\"display:inline-block;"
                  + "width:12px;height:12px;background:%s;margin-right:4px\"></span>%s</span>",
              IterationModes.colour(mode),
              Html.escape(mode)));
    }
    return html.append("</div>").toString();
  }
}
