package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.cli.Args;
import org.flexcode.metrics.JsonReports;

/**
 * The report of an experiment whose result is one table ({@code scale}, {@code wide-fit}): the JSON
 * report ({@code job}, {@code experiment}, {@code params}, {@code master}, {@code rows}) and the
 * Markdown table beside it, both printed.
 */
final class ExperimentReport {

  private ExperimentReport() {}

  /** Writes {@code rows} to {@code report} and {@code markdown} beside it; prints both paths. */
  static void write(
      Path report,
      String experiment,
      Args args,
      String master,
      List<Map<String, Object>> rows,
      String markdown)
      throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("job", "bench");
    root.put("experiment", experiment);
    root.put("params", args.asParams());
    root.put("master", master);
    root.put("rows", rows);
    JsonReports.write(report, root);
    Path table = BenchReport.sibling(report, ".md");
    Files.writeString(table, markdown);
    System.out.print(markdown);
    System.out.println("report: " + report.toAbsolutePath());
    System.out.println("table: " + table.toAbsolutePath());
  }
}
