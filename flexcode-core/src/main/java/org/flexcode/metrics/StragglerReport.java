package org.flexcode.metrics;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.flexcode.metrics.ExecutorSlowness.Verdict;

/**
 * What straggled in a fit and what FlexCode did about it, made by {@link StragglerTally} from the
 * fit's iteration records: per executor its slowness and verdict; for the run the modes used and
 * how often, the tasks cancelled, the chunks moved (work stealing), the results left out (inexact
 * iterations), the time the iterations took and an estimate of the time under {@code bsp}, with the
 * estimate's basis.
 *
 * @param iterations the iterations reported
 * @param executors every executor that ran a task, by executor number
 * @param modes mode (the strategy, or what an adaptive strategy chose) -> iterations run in it
 * @param tasksCancelled tasks cancelled over the fit
 * @param chunksMoved chunks run away from their home copy over the fit
 * @param resultsLeftOut results of inexact iterations that the aggregate did not use
 * @param observedMs the iterations' total driver time (submission to aggregate)
 * @param bspEstimateMs the same iterations' estimated total time under {@code bsp}
 * @param bspBasis how {@code bspEstimateMs} was estimated
 */
public record StragglerReport(
    int iterations,
    List<ExecutorSlowness> executors,
    Map<String, Integer> modes,
    int tasksCancelled,
    int chunksMoved,
    int resultsLeftOut,
    long observedMs,
    long bspEstimateMs,
    String bspBasis)
    implements Serializable {

  /** Copies the collections so the report stays immutable (modes keep their order). */
  public StragglerReport {
    executors = List.copyOf(executors);
    modes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(modes));
  }

  /** The report of a fit with no iteration. */
  public static StragglerReport empty() {
    return new StragglerTally().report();
  }

  /** The estimated time {@code bsp} would have taken beyond this run's (negative: it lost time). */
  public long savedMs() {
    return bspEstimateMs - observedMs;
  }

  /** The executors whose verdict is not none. */
  public List<ExecutorSlowness> stragglers() {
    return executors.stream().filter(e -> e.verdict() != Verdict.NONE).toList();
  }

  /** Whether an executor was slow in some iteration or lost. */
  public boolean anyStraggled() {
    return !stragglers().isEmpty();
  }

  /** The line of {@code executor} ({@code "3"}, {@code "local-0"}), if it ran a task. */
  public Optional<ExecutorSlowness> executor(String executor) {
    return executors.stream().filter(e -> e.executor().equals(executor)).findFirst();
  }

  /** The report as the fit's INFO block: one line when nothing straggled. */
  public String text() {
    String head =
        String.format(
            Locale.ROOT,
            "FlexCode straggler report, %d iterations (%s): ",
            iterations,
            modesText());
    String actions =
        String.format(
            Locale.ROOT,
            "tasks cancelled %d, chunks moved %d, results left out %d",
            tasksCancelled,
            chunksMoved,
            resultsLeftOut);
    if (!anyStraggled()) {
      return head
          + String.format(
              Locale.ROOT,
              "no executor straggled (none took %.1fx the median executor's time and %d ms more"
                  + " in an iteration after the first); %s",
              StragglerTally.SLOW_FACTOR,
              StragglerTally.MIN_EXCESS_MS,
              actions);
    }
    List<String> lines = new ArrayList<>();
    lines.add(head + stragglers().size() + " of " + executors.size() + " executors straggled");
    for (ExecutorSlowness e : stragglers()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  executor %s: %s, slow in %d of %d iterations, median %.2fx the median executor",
              e.executor(),
              e.verdict().label(),
              e.slowIterations(),
              e.iterations(),
              e.medianSlowdown()));
    }
    lines.add("  " + actions);
    lines.add(
        String.format(
            Locale.ROOT,
            "  time %d ms; under bsp about %d ms (saved %d ms); basis: %s",
            observedMs,
            bspEstimateMs,
            savedMs(),
            bspBasis));
    return String.join(System.lineSeparator(), lines);
  }

  private String modesText() {
    List<String> parts = new ArrayList<>();
    modes.forEach((mode, count) -> parts.add(mode + " " + count));
    return parts.isEmpty() ? "no mode" : String.join(", ", parts);
  }

  /** The report as the jobs' JSON writes it (snake_case keys, verdicts in lower case). */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("iterations", iterations);
    json.put("any_straggled", anyStraggled());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ExecutorSlowness e : executors) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("executor", e.executor());
      row.put("iterations", e.iterations());
      row.put("slow_iterations", e.slowIterations());
      row.put("median_slowdown", Double.isFinite(e.medianSlowdown()) ? e.medianSlowdown() : null);
      row.put("verdict", e.verdict().label());
      rows.add(row);
    }
    json.put("executors", rows);
    json.put("modes", new LinkedHashMap<>(modes));
    json.put("tasks_cancelled", tasksCancelled);
    json.put("chunks_moved", chunksMoved);
    json.put("results_left_out", resultsLeftOut);
    json.put("observed_ms", observedMs);
    json.put("bsp_estimate_ms", bspEstimateMs);
    json.put("saved_ms", savedMs());
    json.put("bsp_basis", bspBasis);
    json.put("text", text());
    return json;
  }
}
