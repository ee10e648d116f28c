package org.flexcode.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flexcode.metrics.IterationRecord;

/**
 * The fit page's per-iteration account of what FlexCode did beyond waiting for every task: the
 * tasks it cancelled (with the executor each ran on), the chunks work stealing moved, the blocks
 * shadows estimated, the stale results it used, and the recovery from lost executors. Iterations in
 * which none of that happened are counted in one line.
 */
final class IterationActions {

  private IterationActions() {}

  /** The table for {@code iterations} (in iteration order). */
  static String html(List<FitIteration> iterations) {
    StringBuilder rows = new StringBuilder();
    int quiet = 0;
    for (FitIteration it : iterations) {
      List<String> actions = actions(it);
      if (actions.isEmpty()) {
        quiet++;
        continue;
      }
      rows.append("<tr data-iteration=\"")
          .append(it.number())
          .append("\"><td>")
          .append(it.number())
          .append("</td><td>")
          .append(Html.escape(it.mode()))
          .append("</td><td>")
          .append(Html.duration(it.record().durationMs()))
          .append("</td><td>")
          .append(it.record().usedTasks().size())
          .append("</td><td>")
          .append(Html.escape(String.join("; ", actions)))
          .append("</td></tr>");
    }
    StringBuilder html = new StringBuilder();
    html.append("<p class=\"fc-quiet\">")
        .append(quiet)
        .append(" of ")
        .append(iterations.size())
        .append(" iterations waited for every task, cancelled and moved nothing.</p>");
    if (rows.length() > 0) {
      html.append("<table class=\"table table-bordered table-sm table-striped fc-actions\">")
          .append("<thead><tr><th>Iteration</th><th>Mode</th><th>Time</th><th>Tasks used</th>")
          .append("<th>What FlexCode did</th></tr></thead><tbody>")
          .append(rows)
          .append("</tbody></table>");
    }
    return html.toString();
  }

  /** What happened in {@code it}, one phrase each; empty when nothing did. */
  static List<String> actions(FitIteration it) {
    IterationRecord r = it.record();
    List<String> actions = new ArrayList<>();
    if (!r.cancelledTasks().isEmpty()) {
      actions.add("cancelled " + cancelled(r.cancelledTasks(), it.cancelledOn()));
    }
    if (it.chunksMoved() > 0) {
      actions.add("moved " + it.chunksMoved() + (it.chunksMoved() == 1 ? " chunk" : " chunks"));
    }
    if (!r.estimatedBlocks().isEmpty()) {
      actions.add("shadows estimated blocks " + r.estimatedBlocks().keySet());
    }
    if (!r.staleResults().isEmpty()) {
      actions.add("used stale results of tasks " + r.staleResults().keySet());
    }
    if (r.executorsLost() > 0) {
      actions.add(r.executorsLost() + " executors lost");
    }
    if (r.tasksResubmitted() > 0) {
      actions.add(r.tasksResubmitted() + " tasks resubmitted");
    }
    if (!r.exact()) {
      actions.add("inexact aggregate");
    }
    return actions;
  }

  private static String cancelled(List<Integer> tasks, Map<Integer, String> on) {
    List<String> parts = new ArrayList<>();
    for (int task : tasks) {
      String executor = on.get(task);
      parts.add(
          executor == null
              ? "task " + task + " (queued)"
              : "task " + task + " on executor " + executor);
    }
    return String.join(", ", parts);
  }
}
