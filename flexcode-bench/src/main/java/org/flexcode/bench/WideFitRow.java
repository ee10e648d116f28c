package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One estimator's row in the wide-fit experiment ({@link WideFitExperiment}), every figure per fit
 * (the mean over the measured fits): the fit's wall time, the task-result bytes and task results
 * the driver received over all of the fit's jobs, each against spark.ml's LogisticRegression; the
 * L-BFGS iterations the fits ran (the fewest and the most); and, as a check that the estimators fit
 * the same model, the last fit's final training loss and the L2 distance of its coefficients and
 * intercept to those of spark.ml's last fit, absolute and over the norm of spark.ml's; and the last
 * fit's AUC on the test rows (NaN, "-" in the table, without them).
 */
record WideFitRow(
    String contender,
    int fewestIterations,
    int mostIterations,
    double fitMs,
    double fitTimeVsSpark,
    double resultBytes,
    double bytesVsSpark,
    double taskResults,
    double taskResultsVsSpark,
    double finalLoss,
    double distanceToSpark,
    double relativeDistanceToSpark,
    double testAuc) {

  /** The header and separator of the Markdown table of rows. */
  static String markdownHeader() {
    return "| estimator | iterations | fit ms | vs Spark | bytes to driver / fit | vs Spark "
        + "| task results / fit | vs Spark | final loss | coefficients' L2 distance to Spark "
        + "(relative) | test AUC |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n";
  }

  /** The row in the Markdown table. */
  String markdown() {
    return String.format(
        Locale.ROOT,
        "| %s | %s | %,.0f | %.2f | %,.0f | %.3f | %,.0f | %.3f | %.10f | %.3g (%.3g) | %s |%n",
        contender,
        fewestIterations == mostIterations
            ? Integer.toString(fewestIterations)
            : fewestIterations + "-" + mostIterations,
        fitMs,
        fitTimeVsSpark,
        resultBytes,
        bytesVsSpark,
        taskResults,
        taskResultsVsSpark,
        finalLoss,
        distanceToSpark,
        relativeDistanceToSpark,
        Double.isNaN(testAuc) ? "-" : String.format(Locale.ROOT, "%.6f", testAuc));
  }

  /** The row's fields by their JSON names. */
  Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("contender", contender);
    map.put("fewest_iterations", fewestIterations);
    map.put("most_iterations", mostIterations);
    map.put("fit_ms", fitMs);
    map.put("fit_time_vs_spark", fitTimeVsSpark);
    map.put("result_bytes_per_fit", resultBytes);
    map.put("bytes_vs_spark", bytesVsSpark);
    map.put("task_results_per_fit", taskResults);
    map.put("task_results_vs_spark", taskResultsVsSpark);
    map.put("final_loss", finalLoss);
    map.put("coefficient_distance_to_spark", distanceToSpark);
    map.put("relative_coefficient_distance_to_spark", relativeDistanceToSpark);
    map.put("test_auc", Double.isNaN(testAuc) ? null : testAuc);
    return map;
  }
}
