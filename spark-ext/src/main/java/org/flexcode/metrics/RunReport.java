package org.flexcode.metrics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON report of a job: {@code job}, {@code strategy}, {@code params}, one entry per
 * aggregation in {@code iterations} ({@code iteration}, {@code ms}, {@code loss}, {@code
 * tasks_used}, {@code tasks_cancelled}, {@code waste_ms}, plus the record's other figures) and a
 * {@code summary} ({@code mean/p50/p95/p99_iteration_ms}, {@code total_waste_ms}, the recovery
 * totals {@code total_failed_attempts}, {@code total_executors_lost}, {@code
 * total_tasks_resubmitted} and {@code total_recompute_wait_ms}, and whatever the job adds: final
 * loss, test metrics, wall time).
 */
public final class RunReport {

  private final Map<String, Object> root = new LinkedHashMap<>();
  private final List<Map<String, Object>> iterations = new ArrayList<>();
  private final Map<String, Object> summary = new LinkedHashMap<>();

  /** A report for {@code job} run with {@code strategy} and {@code params}. */
  public RunReport(String job, String strategy, Map<String, Object> params) {
    root.put("job", job);
    root.put("strategy", strategy);
    root.put("params", new LinkedHashMap<>(params));
    root.put("iterations", iterations);
    root.put("summary", summary);
  }

  /** Adds one aggregation with the loss (objective) at that point. */
  public synchronized void addIteration(IterationRecord record, double loss) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("iteration", record.iteration());
    row.put("ms", record.durationMs());
    row.put("loss", Double.isFinite(loss) ? loss : null);
    row.put("tasks_used", record.usedTasks().size());
    row.put("tasks_cancelled", record.cancelledTasks().size());
    row.put("waste_ms", record.wasteMs());
    row.put("cancelled_task_ms", record.cancelledTaskMs());
    row.put("decode_ms", record.decodeNanos() / 1e6);
    row.put("failed_attempts", record.failedAttempts());
    row.put("late_results_dropped", record.lateResultsDropped());
    row.put("residual", record.residual());
    row.put("blocks_estimated_by_shadows", new java.util.TreeMap<>(record.estimatedBlocks()));
    row.put("exact", record.exact());
    row.put("record_scale", record.recordScale());
    row.put("executors_lost", record.executorsLost());
    row.put("tasks_resubmitted", record.tasksResubmitted());
    row.put("recompute_wait_ms", record.recomputeWaitMs());
    iterations.add(row);
  }

  /** Puts a summary figure (null for a value that is not a finite number). */
  public synchronized void putSummary(String key, Object value) {
    summary.put(key, value instanceof Double d && !Double.isFinite(d) ? null : value);
  }

  /** Fills the iteration-time percentiles and total waste from the iterations added so far. */
  public synchronized void summarizeIterations() {
    double[] ms =
        iterations.stream().mapToDouble(r -> ((Number) r.get("ms")).doubleValue()).toArray();
    long waste = iterations.stream().mapToLong(r -> ((Number) r.get("waste_ms")).longValue()).sum();
    summary.put("iterations", ms.length);
    summary.put("mean_iteration_ms", ms.length == 0 ? null : SampleStats.mean(ms));
    summary.put("p50_iteration_ms", SampleStats.percentile(ms, 0.50));
    summary.put("p95_iteration_ms", SampleStats.percentile(ms, 0.95));
    summary.put("p99_iteration_ms", SampleStats.percentile(ms, 0.99));
    summary.put("total_waste_ms", waste);
    for (String key :
        new String[] {
          "failed_attempts", "executors_lost", "tasks_resubmitted", "recompute_wait_ms"
        }) {
      summary.put(
          "total_" + key,
          iterations.stream().mapToLong(r -> ((Number) r.get(key)).longValue()).sum());
    }
  }

  /** The summary figures so far. */
  public synchronized Map<String, Object> summary() {
    return new LinkedHashMap<>(summary);
  }

  /** The report as indented JSON. */
  public synchronized String toJson() {
    return JsonReports.toJson(root);
  }

  /** Writes the JSON to {@code file}, creating its folder. */
  public synchronized void write(Path file) throws IOException {
    JsonReports.write(file, root);
  }
}
