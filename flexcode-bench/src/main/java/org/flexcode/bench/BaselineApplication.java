package org.flexcode.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.metrics.JsonReports;
import org.flexcode.stragglers.StragglerPattern;

/**
 * The MLlib rows whose confs Spark reads only when a context starts ({@code mllib+speculation},
 * {@code mllib+speculation-tuned}, {@code mllib-tuned}): each runs in an application of its own, a
 * child JVM started with the row's confs ({@link MllibBaseline#confs}) that runs this module's
 * {@link BenchSubmit} on the same options plus {@code --child-baseline ROW --child-report FILE},
 * and hands its runs back through that file. A row whose stragglers come from {@code
 * StragglerPlugin} ({@code als}) gets one application per pattern, each with that pattern alone.
 */
final class BaselineApplication {

  /** The bench option that makes a bench a child application and names its report. */
  static final String CHILD_REPORT = "child-report";

  /** The bench option naming the child application's row. */
  static final String CHILD_BASELINE = "child-baseline";

  /**
   * The parent's confs a child application does not inherit: its master, name, id and driver
   * address, spark-submit's own keys and the jars (set for the child separately).
   */
  private static final List<String> NOT_INHERITED =
      List.of(
          "spark.master",
          "spark.app.",
          "spark.submit.",
          "spark.driver.host",
          "spark.driver.port",
          "spark.executor.id",
          "spark.jars",
          "spark.repl.");

  private BaselineApplication() {}

  /**
   * Runs {@code baseline}'s child applications on {@code master} with the bench's {@code options}:
   * one, or one per pattern of {@code patterns} (straggler {@code seed}) when the row's stragglers
   * are read at the application's start; returns their runs.
   */
  static List<Run> run(
      MllibBaseline baseline,
      String master,
      String[] options,
      List<StragglerPattern> patterns,
      long seed)
      throws IOException, InterruptedException {
    if (!baseline.applicationPerPattern()) {
      return run(baseline, baseline.confs(), master, options);
    }
    List<Run> runs = new ArrayList<>();
    for (StragglerPattern pattern : patterns) {
      runs.addAll(
          run(
              baseline,
              baseline.confs(pattern, seed),
              master,
              withOnlyPattern(options, pattern.spec())));
    }
    return runs;
  }

  /** The bench's {@code options} with its {@code --pattern}s replaced by {@code pattern}. */
  static String[] withOnlyPattern(String[] options, String pattern) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < options.length; i++) {
      if (options[i].equals("--pattern")) {
        i++; // and its value
      } else if (!options[i].startsWith("--pattern=")) {
        kept.add(options[i]);
      }
    }
    kept.add("--pattern");
    kept.add(pattern);
    return kept.toArray(String[]::new);
  }

  private static List<Run> run(
      MllibBaseline baseline, Map<String, String> rowConfs, String master, String[] options)
      throws IOException, InterruptedException {
    Path childReport = Files.createTempFile("flexcode-bench-baseline", ".json");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-Dspark.") && !arg.startsWith("-agentlib")) {
        command.add(arg);
      }
    }
    SparkConf parent = new SparkConf();
    command.add("-Dspark.master=" + master);
    Map<String, String> user = new LinkedHashMap<>();
    for (scala.Tuple2<String, String> entry : parent.getAll()) {
      user.put(entry._1(), entry._2());
    }
    childConfs(user, rowConfs).forEach((key, value) -> command.add("-D" + key + "=" + value));
    // The jars spark-submit ships to the executors (the bench's own: its tasks' lambdas live
    // there).
    String jars = parent.get("spark.jars", "");
    if (!jars.isEmpty()) {
      command.add("-Dspark.jars=" + jars);
    }
    if (master.startsWith("local-cluster")) {
      command.add("-Dspark.executor.extraClassPath=" + fullClassPath());
    }
    command.addAll(List.of("-cp", fullClassPath(), BenchSubmit.class.getName()));
    command.addAll(Arrays.asList(options));
    command.addAll(List.of("--" + CHILD_BASELINE, baseline.row()));
    command.addAll(List.of("--" + CHILD_REPORT, childReport.toString()));
    System.out.println("bench: starting the " + baseline.row() + " application " + rowConfs);
    Process process = new ProcessBuilder(command).inheritIO().start();
    int code = process.waitFor();
    if (code != 0) {
      throw new IllegalStateException(
          "the " + baseline.row() + " application failed with exit code " + code);
    }
    List<Run> runs = read(childReport);
    Files.deleteIfExists(childReport);
    return runs;
  }

  /**
   * The confs a child application starts with: the user's ({@code --conf}, as the parent's {@code
   * spark.*} confs, but those a context or spark-submit sets for itself), then the row's own, which
   * win (so every row runs with the same executor memory, JVM options and so on).
   */
  static Map<String, String> childConfs(Map<String, String> parent, Map<String, String> row) {
    Map<String, String> confs = new LinkedHashMap<>();
    parent.forEach(
        (key, value) -> {
          if (key.startsWith("spark.") && NOT_INHERITED.stream().noneMatch(p -> matches(key, p))) {
            confs.put(key, value);
          }
        });
    confs.putAll(row);
    return confs;
  }

  /** {@code key} is {@code pattern}, or starts with it when the pattern ends with a dot. */
  private static boolean matches(String key, String pattern) {
    return pattern.endsWith(".") ? key.startsWith(pattern) : key.equals(pattern);
  }

  /** Writes the child application's runs for its parent. */
  static void write(Path childReport, List<Run> runs) throws IOException {
    JsonReports.write(childReport, Map.of("runs", runs));
  }

  private static List<Run> read(Path childReport) throws IOException {
    JsonNode json = new ObjectMapper().readTree(childReport.toFile());
    List<Run> runs = new ArrayList<>();
    for (JsonNode r : json.get("runs")) {
      JsonNode cost = r.get("cost");
      runs.add(
          new Run(
              r.get("strategy").asText(),
              r.get("pattern").asText(),
              doubles(r.get("iterationMs")),
              doubles(r.get("endMs")),
              doubles(r.get("loss")),
              doubles(r.get("exactLoss")),
              new Run.Cost(
                  cost.get("taskSeconds").asDouble(),
                  cost.get("wasteMs").asLong(),
                  cost.get("discardedMs").asLong(),
                  cost.get("wallMs").asLong(),
                  nullable(cost.get("meanTaskComputeMs")),
                  nullable(cost.get("cpuUtilization")))));
    }
    return runs;
  }

  private static Double nullable(JsonNode value) {
    return value == null || value.isNull() ? null : value.asDouble();
  }

  private static double[] doubles(JsonNode array) {
    if (array == null || array.isNull()) {
      return null;
    }
    double[] values = new double[array.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = array.get(i).asDouble();
    }
    return values;
  }

  /**
   * This JVM's class path plus the bench's and the library's jars (spark-submit keeps the
   * application jar and {@code --jars} off it).
   */
  static String fullClassPath() {
    String classPath = System.getProperty("java.class.path");
    Set<String> entries = new LinkedHashSet<>(Arrays.asList(classPath.split(File.pathSeparator)));
    List<String> missing = new ArrayList<>();
    for (Class<?> c : List.of(BenchSubmit.class, CodedAggregator.class)) {
      try {
        String location =
            new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
        if (!entries.contains(location) && !missing.contains(location)) {
          missing.add(location);
        }
      } catch (Exception e) {
        // keep the class path as it is
      }
    }
    missing.add(classPath);
    return String.join(File.pathSeparator, missing);
  }
}
