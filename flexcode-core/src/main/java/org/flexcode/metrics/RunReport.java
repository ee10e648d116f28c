package org.flexcode.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON report of a job: {@code job}, {@code strategy}, {@code params}, the last {@code history}
 * aggregations in {@code iterations} ({@code iteration}, {@code ms}, {@code loss}, {@code
 * tasks_used}, {@code tasks_cancelled}, {@code waste_ms}, plus the record's other figures) and a
 * {@code summary} over all of them ({@code mean/p50/p95/p99_iteration_ms}, {@code total_waste_ms},
 * the recovery totals {@code total_failed_attempts}, {@code total_executors_lost}, {@code
 * total_tasks_resubmitted} and {@code total_recompute_wait_ms}, and whatever the job adds: final
 * loss, test metrics, wall time), and {@code stragglers}, the {@link StragglerReport} of every
 * aggregation added.
 *
 * <p>Bounded memory: every row can stream, as it happens, to a JSON-lines file ({@link #streamTo},
 * named in the report as {@code iterations_file}); the report keeps the last {@code history} rows
 * ({@code spark.flexcode.history}, default {@value #DEFAULT_HISTORY}) and running totals, plus 8
 * bytes per iteration for the time percentiles.
 */
public final class RunReport implements AutoCloseable {

  /** Rows kept in memory by default. */
  public static final int DEFAULT_HISTORY = 1000;

  private static final String[] TOTALS = {
    "waste_ms", "failed_attempts", "executors_lost", "tasks_resubmitted", "recompute_wait_ms"
  };

  private final Map<String, Object> root = new LinkedHashMap<>();
  private final ArrayDeque<Map<String, Object>> recent = new ArrayDeque<>();
  private final Map<String, Object> summary = new LinkedHashMap<>();
  private final Map<String, Long> totals = new LinkedHashMap<>();
  private final int history;
  private long[] ms = new long[64];
  private int count;
  private BufferedWriter stream;
  private final ObjectMapper lines = new ObjectMapper();
  private final StragglerTally stragglers = new StragglerTally();

  /** A report for {@code job} run with {@code strategy} and {@code params}. */
  public RunReport(String job, String strategy, Map<String, Object> params) {
    this(job, strategy, params, DEFAULT_HISTORY);
  }

  /** As above, keeping the last {@code history} (>= 1) rows in memory. */
  public RunReport(String job, String strategy, Map<String, Object> params, int history) {
    if (history < 1) {
      throw new IllegalArgumentException("spark.flexcode.history must be >= 1, got " + history);
    }
    this.history = history;
    root.put("job", job);
    root.put("strategy", strategy);
    root.put("params", new LinkedHashMap<>(params));
    root.put("iterations", null);
    root.put("summary", summary);
    root.put("stragglers", null);
    for (String key : TOTALS) {
      totals.put(key, 0L);
    }
  }

  /** Writes every row added from now on to {@code jsonLines}, one JSON object a line. */
  public synchronized void streamTo(Path jsonLines) throws IOException {
    stream = Files.newBufferedWriter(jsonLines, StandardCharsets.UTF_8);
    root.put("iterations_file", jsonLines.toString());
  }

  /** Adds one aggregation with the loss (objective) at that point. */
  public synchronized void addIteration(IterationRecord record, double loss) {
    Map<String, Object> row = rowOf(record, loss);
    stragglers.add(record);
    if (stream != null) {
      try {
        stream.write(lines.writeValueAsString(row));
        stream.newLine();
        stream.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot stream the report's iterations", e);
      }
    }
    recent.addLast(row);
    if (recent.size() > history) {
      recent.removeFirst();
    }
    if (count == ms.length) {
      ms = Arrays.copyOf(ms, 2 * count);
    }
    ms[count++] = record.durationMs();
    for (String key : TOTALS) {
      totals.merge(key, ((Number) row.get(key)).longValue(), Long::sum);
    }
  }

  private static Map<String, Object> rowOf(IterationRecord record, double loss) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("iteration", record.iteration());
    row.put("ms", record.durationMs());
    row.put("loss", Double.isFinite(loss) ? loss : null);
    row.put("tasks_used", record.usedTasks().size());
    row.put("tasks_cancelled", record.cancelledTasks().size());
    row.put("chunks_moved", record.chunksMoved());
    row.put("waste_ms", record.wasteMs());
    row.put("cancelled_task_ms", record.cancelledTaskMs());
    row.put("decode_ms", record.decodeNanos() / 1e6);
    row.put("failed_attempts", record.failedAttempts());
    row.put("late_results_dropped", record.lateResultsDropped());
    row.put("residual", record.residual());
    row.put("blocks_estimated_by_shadows", new java.util.TreeMap<>(record.estimatedBlocks()));
    row.put("exact", record.exact());
    if (!record.staleResults().isEmpty()) {
      row.put("stale_results", new java.util.TreeMap<>(record.staleResults()));
    }
    if (!record.choice().isEmpty()) {
      row.put("choice", record.choice());
    }
    row.put("record_scale", record.recordScale());
    row.put("executors_lost", record.executorsLost());
    row.put("tasks_resubmitted", record.tasksResubmitted());
    row.put("recompute_wait_ms", record.recomputeWaitMs());
    return row;
  }

  /** Puts a summary figure (null for a value that is not a finite number). */
  public synchronized void putSummary(String key, Object value) {
    summary.put(key, value instanceof Double d && !Double.isFinite(d) ? null : value);
  }

  /** Fills the iteration-time percentiles and the totals from every iteration added so far. */
  public synchronized void summarizeIterations() {
    double[] times = Arrays.stream(ms, 0, count).asDoubleStream().toArray();
    summary.put("iterations", count);
    summary.put("mean_iteration_ms", count == 0 ? null : SampleStats.mean(times));
    summary.put("p50_iteration_ms", SampleStats.percentile(times, 0.50));
    summary.put("p95_iteration_ms", SampleStats.percentile(times, 0.95));
    summary.put("p99_iteration_ms", SampleStats.percentile(times, 0.99));
    for (String key : TOTALS) {
      summary.put("total_" + key, totals.get(key));
    }
  }

  /** The straggler report of every aggregation added so far. */
  public synchronized StragglerReport stragglerReport() {
    return stragglers.report();
  }

  /** The summary figures so far. */
  public synchronized Map<String, Object> summary() {
    return new LinkedHashMap<>(summary);
  }

  /** The rows kept in memory (the last {@code history}). */
  public synchronized int rowsKept() {
    return recent.size();
  }

  /** The report as indented JSON. */
  public synchronized String toJson() {
    root.put("iterations", new ArrayList<>(recent));
    root.put("stragglers", stragglers.report().toJson());
    return JsonReports.toJson(root);
  }

  /** Writes the JSON to {@code file}, creating its folder, and closes the stream. */
  public synchronized void write(Path file) throws IOException {
    close();
    root.put("iterations", new ArrayList<>(recent));
    root.put("stragglers", stragglers.report().toJson());
    JsonReports.write(file, root);
  }

  /**
   * Writes the JSON to {@code out} (left open; e.g. a file of Hadoop's FileSystem) and closes the
   * JSON-lines stream.
   */
  public synchronized void write(OutputStream out) throws IOException {
    close();
    root.put("iterations", new ArrayList<>(recent));
    root.put("stragglers", stragglers.report().toJson());
    JsonReports.write(out, root);
  }

  /** Closes the JSON-lines stream, if any. */
  @Override
  public synchronized void close() throws IOException {
    if (stream != null) {
      stream.close();
      stream = null;
    }
  }
}
