package org.flexcode.bench;

import static org.flexcode.bench.OptionValues.atLeastOne;
import static org.flexcode.bench.OptionValues.positive;
import static org.flexcode.bench.OptionValues.positiveIntegers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.flexcode.cli.Args;
import org.flexcode.model.MachineDelays;
import org.flexcode.model.ModelSummary;
import org.flexcode.model.Rule;
import org.flexcode.model.ScaleSimulator;

/**
 * {@code flexcode-submit simulate}: the model's table for 64 to 10,000 executors (every strategy x
 * pattern, plus each pattern's {@code limit}), with costs calibrated from bench reports ({@code
 * --calibrate}, {@link CostCalibration}) or the documented defaults; with a report, also the
 * validation at the report's own shape: each measured row's mean iteration beside the model's. With
 * {@code --data-plane} first: the driver's link and merge at cluster scale ({@link
 * DataPlaneCommand}). Plain Java, no Spark context.
 */
final class SimulateCommand {

  static final String USAGE =
      """
      usage: flexcode-submit simulate [options]

        --calibrate FILES    bench report(s) (JSON, comma-separated) to fit the costs from; without
                             it the documented default costs (CostCalibration) and --block-ms
        --executors LIST     executor counts (default 64,256,1000,10000)
        --cores C            cores per executor (default the report's, else 1); tasks = M x C
        --pattern SPEC       a machine-level pattern; repeat for several (default the report's,
                             else ideal and slow-worker:p=0.2,max=2)
        --strategies LIST    bench strategy names or specs (default the report's, else
                             bsp,ignore,frc,cyclic,shadow); mllib needs a report with mllib/ideal
        --block-ms T         per-block compute without --calibrate (default 500)
        --model-mb MB        model size without --calibrate (default 0.1)
        --seed S             Monte Carlo seed (default 1)
        --task-budget N      tasks simulated per row (default 400000)

      flexcode-submit simulate --data-plane [options]: the driver's link and merge at cluster
      scale (DataPlaneCommand; --data-plane --help for its options)
      """;

  private static final Set<String> OPTIONS =
      Set.of(
          "calibrate",
          "executors",
          "cores",
          "pattern",
          "strategies",
          "block-ms",
          "model-mb",
          "seed",
          "task-budget");

  private SimulateCommand() {}

  /** Runs on {@code argv}, printing to standard output; returns the exit code. */
  static int run(String[] argv) throws IOException {
    return run(argv, System.out);
  }

  /** Runs on {@code argv}, printing to {@code out}; returns the exit code. */
  static int run(String[] argv, PrintStream out) throws IOException {
    if (argv.length > 0 && argv[0].equals("--data-plane")) {
      boolean help = argv.length > 1 && (argv[1].equals("--help") || argv[1].equals("-h"));
      if (help) {
        out.print(DataPlaneCommand.USAGE);
        return 0;
      }
      return DataPlaneCommand.run(argv, out);
    }
    if (argv.length > 0 && (argv[0].equals("--help") || argv[0].equals("-h"))) {
      out.print(USAGE);
      return 0;
    }
    Plan plan = Plan.of(new Args("simulate", argv, 0, OPTIONS));
    out.println("# FlexCode simulate");
    out.println();
    plan.calibration.notes().forEach(n -> out.println("- " + n));
    out.println();
    out.print(ScaleSimulator.format(plan.table()));
    if (!plan.reports.isEmpty()) {
      out.println();
      out.print(plan.validation());
    }
    return 0;
  }

  /** What to simulate, checked. */
  private record Plan(
      CostCalibration calibration,
      List<JsonNode> reports,
      List<Integer> executors,
      int cores,
      List<String> patterns,
      List<String> strategies,
      long seed,
      long taskBudget) {

    static Plan of(Args args) throws IOException {
      List<JsonNode> reports = readReports(args.string("calibrate", null));
      CostCalibration calibration =
          reports.isEmpty()
              ? CostCalibration.defaults(
                  positive(args.number("block-ms", CostCalibration.DEFAULT_BLOCK_MS), "--block-ms"),
                  args.number("model-mb", CostCalibration.DEFAULT_MODEL_MB),
                  null)
              : CostCalibration.fit(reports);
      int cores =
          atLeastOne(
              args.integer("cores", reports.isEmpty() ? 1 : calibration.shape().cores()),
              "--cores");
      List<String> patterns = args.all("pattern");
      if (patterns.isEmpty()) {
        patterns =
            reports.isEmpty()
                ? List.of("ideal", "slow-worker:p=0.2,max=2")
                : column(reports.get(0), "pattern");
      }
      for (String p : args.all("pattern")) {
        MachineDelays.parse(p); // fails early, naming the bad pattern
      }
      List<String> strategies =
          args.has("strategies")
              ? BenchRows.splitStrategies(args.string("strategies", ""))
              : reports.isEmpty()
                  ? List.of("bsp", "ignore", "frc", "cyclic", "shadow")
                  : column(reports.get(0), "strategy");
      if (args.has("strategies")) {
        strategies.forEach(SimulateCommand::checkStrategy);
      }
      long seed = args.integer("seed", 1);
      long budget =
          atLeastOne(
              args.integer("task-budget", (int) ScaleSimulator.TASK_BUDGET), "--task-budget");
      return new Plan(
          calibration,
          reports,
          positiveIntegers(
              args.string("executors", null), ScaleSimulator.DEFAULT_EXECUTORS, "--executors"),
          cores,
          patterns,
          strategies,
          seed,
          budget);
    }

    /** One row per (executors, pattern, strategy), each pattern closed by its limit. */
    List<ModelSummary> table() {
      ScaleSimulator sizes =
          ScaleSimulator.of(cores, calibration.blockMs()).withBudget(seed, taskBudget);
      List<ModelSummary> rows = new ArrayList<>();
      for (int m : executors) {
        BenchShape shape = new BenchShape(m, cores, m * cores);
        RowModel model = new RowModel(calibration, shape, seed);
        int iterations = sizes.iterationsFor(shape.tasks());
        for (String pattern : patterns) {
          for (String s : strategies) {
            rows.add(model.model(s, pattern, iterations));
          }
          rows.add(model.model("limit", pattern, iterations));
        }
      }
      return rows;
    }

    /** At the first report's shape: every measured row's mean beside the model's, and the ratio. */
    String validation() {
      BenchShape shape = calibration.shape();
      RowModel model = new RowModel(calibration, shape, seed);
      RowModel replay = new RowModel(calibration, shape, ModelColumns.seedOf(reports.get(0)));
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "## Validation at the bench's shape (%d executors x %d cores, %d tasks)%n%n",
              shape.executors(),
              shape.cores(),
              shape.tasks()));
      out.append(
              "Simulated: the pattern's expectation; run's draws: the model over the factors the")
          .append(" run's injection drew in its own iterations (the bench's model_ms).\n\n")
          .append("| strategy | pattern | measured ms | simulated ms | measured/simulated |")
          .append(" run's draws ms | measured/run's draws | note |\n")
          .append("|---|---|---|---|---|---|---|---|\n");
      for (JsonNode row : reports.get(0).path("runs")) {
        String strategy = row.path("strategy").asText();
        String pattern = row.path("pattern").asText();
        double measured = row.path("mean_iteration_ms").asDouble(Double.NaN);
        double spread = row.path("gradient_spread").asDouble(Double.NaN);
        ModelSummary s = model.model(strategy, pattern, spread);
        ModelSummary r =
            replay.replayed(strategy, pattern, row.path("iteration_ms").size(), spread);
        out.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %.1f | %s | %s | %s | %s | %s |%n",
                strategy,
                pattern,
                measured,
                s.supported() ? String.format(Locale.ROOT, "%.1f", s.meanMs()) : "",
                RowModel.ratio(measured, s.meanMs()),
                r.supported() ? String.format(Locale.ROOT, "%.1f", r.meanMs()) : "",
                RowModel.ratio(measured, r.meanMs()),
                s.note()));
      }
      return out.toString();
    }
  }

  private static void checkStrategy(String s) {
    if (s.startsWith("mllib")) {
      return; // modelled (mllib) or noted (speculation, tuned) in the table
    }
    try {
      Rule.parse(s);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--strategies: '" + s + "' has no model rule: " + e.getMessage(), e);
    }
  }

  private static List<JsonNode> readReports(String files) throws IOException {
    List<JsonNode> reports = new ArrayList<>();
    if (files == null) {
      return reports;
    }
    ObjectMapper json = new ObjectMapper();
    for (String f : files.split(",")) {
      Path path = Path.of(f.trim());
      if (!Files.isRegularFile(path)) {
        throw new IllegalArgumentException("--calibrate: no such report '" + path + "'");
      }
      JsonNode root = json.readTree(path.toFile());
      if (!root.path("runs").isArray()) {
        throw new IllegalArgumentException(
            "--calibrate: '" + path + "' is not a bench report (no \"runs\" array)");
      }
      reports.add(root);
    }
    return reports;
  }

  private static List<String> column(JsonNode report, String key) {
    Set<String> values = new LinkedHashSet<>();
    report.path("runs").forEach(r -> values.add(r.path(key).asText()));
    return new ArrayList<>(values);
  }
}
