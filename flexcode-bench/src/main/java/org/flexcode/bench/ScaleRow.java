package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One contender at one size in the data-plane experiment ({@link ScaleExperiment}), every figure
 * per measured iteration: the task-result bytes and results the driver received, the driver time
 * spent combining them ({@code NaN}: not separable), the mean iteration time, the peak heap used
 * and its rise over the heap left after a garbage collection before each iteration, and the worst
 * relative difference of the contender's sums to the exact sum.
 */
record ScaleRow(
    int dimension,
    int tasks,
    String contender,
    double resultBytes,
    double bytesVsTreeDepth2,
    double taskResults,
    double combineMs,
    double meanIterationMs,
    double peakHeapMb,
    double heapRiseMb,
    double maxRelativeError) {

  /** The header and separator of the Markdown table of rows. */
  static String markdownHeader() {
    return "| d | n tasks | contender | bytes to driver / it | vs treeAggregate depth 2 "
        + "| task results / it | driver merge+decode ms / it | mean it ms | peak heap MB "
        + "| heap rise MB |\n"
        + "|---|---|---|---|---|---|---|---|---|---|\n";
  }

  /** The row in the Markdown table. */
  String markdown() {
    return String.format(
        Locale.ROOT,
        "| %d | %d | %s | %,.0f | %.2f | %.1f | %s | %.1f | %.0f | %.0f |%n",
        dimension,
        tasks,
        contender,
        resultBytes,
        bytesVsTreeDepth2,
        taskResults,
        Double.isNaN(combineMs) ? "n/a" : String.format(Locale.ROOT, "%.2f", combineMs),
        meanIterationMs,
        peakHeapMb,
        heapRiseMb);
  }

  /** The row's fields by their JSON names ({@code null}: not separable). */
  Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("dimension", dimension);
    map.put("tasks", tasks);
    map.put("contender", contender);
    map.put("result_bytes_per_iteration", resultBytes);
    map.put("bytes_vs_tree_aggregate_depth_2", bytesVsTreeDepth2);
    map.put("task_results_per_iteration", taskResults);
    map.put("combine_ms_per_iteration", Double.isNaN(combineMs) ? null : combineMs);
    map.put("mean_iteration_ms", meanIterationMs);
    map.put("peak_heap_mb", peakHeapMb);
    map.put("heap_rise_mb", heapRiseMb);
    map.put("max_relative_error", maxRelativeError);
    return map;
  }
}
