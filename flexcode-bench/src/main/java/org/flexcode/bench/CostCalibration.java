package org.flexcode.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.model.Cluster;
import org.flexcode.model.Costs;
import org.flexcode.model.IterationModel;
import org.flexcode.model.MachineDelays;
import org.flexcode.model.Rule;
import org.flexcode.stragglers.ComputeEmulation;

/**
 * The model's costs fitted from one or more bench reports (their JSON), or the documented defaults.
 * Estimators, all on the rows under {@code ideal} of the single-block strategies ({@code bsp} and
 * {@code ignore}, each row one estimate, the median of them kept, so that one noisy row does not
 * set the costs alone):
 *
 * <ul>
 *   <li>per-block compute T = R + E: R the median over those rows of {@code mean_task_compute_ms}
 *       (the executor-side run time of a one-block task with any injected delay excluded), E the
 *       emulated block time of {@code --compute emulated:block-ms=E} (0 in real compute). The
 *       straggler factor multiplies what the injection slows: in emulated compute only E (the
 *       sleep; R is the real computation beside it, not slowed), in real compute the whole R (the
 *       task is held back (factor - 1) x its compute). So {@link #blockMs} is E and {@link
 *       #unslowedBlockMs} R in emulated compute, R and 0 in real compute;
 *   <li>per-task launch cost L: the median of {@code task_seconds} x 1000 / (iterations x n) minus
 *       T, the share of Spark's task time (deserialization, result serialization, launch) outside
 *       the task's own compute, clamped at 0;
 *   <li>a chunk task's launch cost (one of {@code steal}'s C chunks per block): the same estimator
 *       on the {@code steal} rows under {@code ideal}, over n x C tasks of T / C each; L where the
 *       reports have no such row;
 *   <li>fixed cost per iteration F: the row's {@code mean_iteration_ms} minus the model's compute
 *       span of the same rule under {@code ideal} with T and L (the slowest task's end): job
 *       launch, broadcast, result collection and decode. MLlib rows get their own F the same way
 *       from {@code mllib} under {@code ideal} (MLlib's own costs);
 *   <li>decode a + b n and broadcast c + d x MB: least squares of F over the reports' task counts n
 *       and model sizes (the workload's {@code model_dimension} x 8 bytes); a slope that the
 *       reports cannot identify (a single n, or a single model size) takes its default below, and
 *       the intercept is set so that every report's own fixed cost is kept (the job cost then holds
 *       what the slopes do not explain);
 *   <li>host cores: the report's {@code workload.host_cores}, the cores of the one host every
 *       executor ran on (0, or absent: executors on machines of their own). L and R above were
 *       measured with every task running; the model shares them among the tasks running (see {@link
 *       Cluster}).
 * </ul>
 *
 * <p>Defaults, assumptions of the order measured on this machine (about 40 ms of fixed cost per
 * iteration in local[2]), used without a report: T = 500 ms, job 40 ms, launch 2 ms per task,
 * decode 1 + 0.01 n ms, broadcast 2 + 20 ms per MB, model 0.1 MB.
 */
record CostCalibration(
    double blockMs,
    Costs costs,
    Costs mllibCosts,
    double modelMb,
    BenchShape shape,
    List<String> notes,
    double unslowedBlockMs,
    int hostCores) {

  /** Default per-block compute, ms. */
  static final double DEFAULT_BLOCK_MS = 500;

  /** Default model size, MB. */
  static final double DEFAULT_MODEL_MB = 0.1;

  /** The default costs (see the class comment). */
  static final Costs DEFAULT_COSTS = new Costs(40, 2, 1, 0.01, 2, 20);

  private static final Pattern CHUNKS = Pattern.compile("chunks=(\\d+)");

  /** Seed of the calibration's Monte Carlo spans. */
  private static final long SEED = 1L;

  /** The defaults, on {@code shape} (null when unknown). */
  static CostCalibration defaults(double blockMs, double modelMb, BenchShape shape) {
    return new CostCalibration(
        blockMs,
        DEFAULT_COSTS,
        null,
        modelMb,
        shape,
        List.of("default costs (no --calibrate): " + describe(DEFAULT_COSTS)),
        0.0,
        0);
  }

  /** Fits the costs from bench reports; the shape, T and model size are the first report's. */
  static CostCalibration fit(List<JsonNode> reports) {
    if (reports.isEmpty()) {
      throw new IllegalArgumentException("calibration needs at least one bench report");
    }
    List<Point> points = new ArrayList<>();
    for (JsonNode r : reports) {
      points.add(Point.of(r));
    }
    Point first = points.get(0);
    List<String> notes = new ArrayList<>();
    double[] n = points.stream().mapToDouble(p -> p.shape.tasks()).toArray();
    double[] mb = points.stream().mapToDouble(p -> p.modelMb).toArray();
    double[] fixed = points.stream().mapToDouble(p -> p.fixedMs).toArray();
    double b = slope(n, fixed, DEFAULT_COSTS.decodePerTaskMs(), "decode per task", notes);
    double[] rest = new double[fixed.length];
    for (int i = 0; i < rest.length; i++) {
      rest[i] = fixed[i] - b * n[i];
    }
    double d = slope(mb, rest, DEFAULT_COSTS.broadcastPerMbMs(), "broadcast per MB", notes);
    double job = 0;
    for (int i = 0; i < rest.length; i++) {
      job += (rest[i] - d * mb[i]) / rest.length;
    }
    double launch = median(points.stream().mapToDouble(p -> p.launchMs).toArray());
    double chunkLaunch = median(points.stream().mapToDouble(p -> p.chunkLaunchMs).toArray());
    Costs costs =
        new Costs(
            Math.max(0, job), launch, 0, b, 0, d, Double.isNaN(chunkLaunch) ? launch : chunkLaunch);
    Costs mllib =
        Double.isNaN(first.mllibFixedMs)
            ? null
            : new Costs(Math.max(0, first.mllibFixedMs), launch, 0, 0, 0, 0);
    notes.add(
        0,
        String.format(
            Locale.ROOT,
            "fitted from %d report(s): T %.1f ms per block (%.1f slowed by the straggler factor,"
                + " %.1f not), %s%s",
            reports.size(),
            first.blockMs + first.unslowedMs,
            first.blockMs,
            first.unslowedMs,
            describe(costs),
            mllib == null
                ? ""
                : String.format(Locale.ROOT, "; mllib fixed %.1f ms", mllib.jobMs())));
    if (first.hostCores > 0) {
      notes.add(
          "one host of "
              + first.hostCores
              + " cores runs every executor: launch and unslowed compute shared (processor"
              + " sharing, as measured with every task running)");
    }
    return new CostCalibration(
        first.blockMs,
        costs,
        mllib,
        first.modelMb,
        first.shape,
        notes,
        first.unslowedMs,
        first.hostCores);
  }

  /**
   * The cluster of this calibration on {@code shape}, with FlexCode's or MLlib's costs; shared host
   * cores only at the reports' own shape (other sizes are clusters of their own machines).
   */
  Cluster cluster(BenchShape on, boolean mllib) {
    Costs c = mllib ? mllibCosts : costs;
    if (c == null) {
      throw new IllegalArgumentException("no mllib row under ideal to calibrate MLlib's costs");
    }
    return new Cluster(
        on.executors(),
        on.cores(),
        on.tasks(),
        blockMs,
        c,
        modelMb,
        unslowedBlockMs,
        on.equals(shape) ? hostCores : 0);
  }

  /** A one-line account of {@code c}. */
  static String describe(Costs c) {
    return String.format(
        Locale.ROOT,
        "job %.1f ms, launch %.2f ms/task (%.2f ms/chunk task), decode %.2f + %.4f n ms,"
            + " broadcast %.2f + %.2f ms/MB",
        c.jobMs(),
        c.taskLaunchMs(),
        c.chunkLaunchMs(),
        c.decodeBaseMs(),
        c.decodePerTaskMs(),
        c.broadcastBaseMs(),
        c.broadcastPerMbMs());
  }

  /** The least-squares slope of y over x, or {@code fallback} when x takes a single value. */
  private static double slope(
      double[] x, double[] y, double fallback, String what, List<String> notes) {
    double mx = Arrays.stream(x).average().orElse(0);
    double my = Arrays.stream(y).average().orElse(0);
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < x.length; i++) {
      sxx += (x[i] - mx) * (x[i] - mx);
      sxy += (x[i] - mx) * (y[i] - my);
    }
    if (sxx < 1e-12) {
      notes.add(what + ": one value in the reports, default slope " + fallback + " ms");
      return fallback;
    }
    return Math.max(0, sxy / sxx);
  }

  static double median(double[] values) {
    double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** The model's compute span (no fixed cost) of {@code rule} under ideal, T and L. */
  static double idealSpanMs(Rule rule, BenchShape shape, double blockMs, double launchMs) {
    Cluster c =
        new Cluster(
            shape.executors(),
            shape.cores(),
            shape.tasks(),
            blockMs,
            new Costs(0, launchMs, 0, 0, 0, 0),
            0.0);
    return IterationModel.of(c, MachineDelays.ideal()).run(rule, 1, SEED).meanMs();
  }

  /** What one report measured: its shape, model size, T, L and fixed costs. */
  private record Point(
      BenchShape shape,
      double modelMb,
      double blockMs,
      double launchMs,
      double fixedMs,
      double mllibFixedMs,
      double unslowedMs,
      double chunkLaunchMs,
      int hostCores) {

    static Point of(JsonNode root) {
      BenchShape shape = BenchShape.of(root);
      List<JsonNode> single = idealRows(root, "bsp");
      single.addAll(idealRows(root, "ignore"));
      if (single.isEmpty()) {
        throw new IllegalArgumentException(
            "calibration needs a bsp or ignore row under ideal with mean_task_compute_ms; the"
                + " report has none");
      }
      // A task's recorded compute R excludes the emulated sleep E (--compute emulated:block-ms=E),
      // which every single-block task spends on top of it: T = R + E. The straggler factor
      // multiplies E only in emulated compute, all of R in real compute.
      double real =
          median(
              single.stream()
                  .mapToDouble(r -> r.path("mean_task_compute_ms").asDouble())
                  .toArray());
      double emulated = emulatedBlockMs(root);
      double t = real + emulated;
      double launch =
          median(single.stream().mapToDouble(r -> launchOf(r, shape.tasks(), t)).toArray());
      double launchMs = Double.isNaN(launch) ? 0 : launch;
      double fixed =
          median(single.stream().mapToDouble(r -> fixedOf(r, shape, t, launchMs)).toArray());
      double mllib = Double.NaN;
      for (JsonNode r : root.path("runs")) {
        if (r.path("strategy").asText().equals("mllib")
            && r.path("pattern").asText().equals("ideal")) {
          mllib =
              r.path("mean_iteration_ms").asDouble() - idealSpanMs(Rule.bsp(), shape, t, launchMs);
        }
      }
      double dimension = root.path("workload").path("model_dimension").asDouble(0);
      double chunkLaunch = chunkLaunchOf(root, shape.tasks(), t);
      int host = root.path("workload").path("host_cores").asInt(0);
      double mb = dimension * 8 / 1e6;
      return emulated > 0
          ? new Point(shape, mb, emulated, launchMs, fixed, mllib, real, chunkLaunch, host)
          : new Point(shape, mb, real, launchMs, fixed, mllib, 0.0, chunkLaunch, host);
    }

    /** The launch estimator over the ideal steal rows' n x C chunk tasks; NaN without one. */
    private static double chunkLaunchOf(JsonNode root, int tasks, double blockMs) {
      List<JsonNode> steal = idealRows(root, "steal");
      double[] estimates = new double[steal.size()];
      for (int i = 0; i < estimates.length; i++) {
        Matcher m = CHUNKS.matcher(steal.get(i).path("strategy").asText());
        int chunks = m.find() ? Integer.parseInt(m.group(1)) : CopiesSpec.DEFAULT_CHUNKS;
        estimates[i] = launchOf(steal.get(i), tasks * chunks, blockMs / chunks);
      }
      return median(estimates);
    }

    private static List<JsonNode> idealRows(JsonNode root, String name) {
      List<JsonNode> rows = new ArrayList<>();
      for (JsonNode r : root.path("runs")) {
        String s = r.path("strategy").asText();
        boolean named = s.equals(name) || s.startsWith(name + ":");
        if (named
            && r.path("pattern").asText().equals("ideal")
            && r.path("mean_task_compute_ms").isNumber()) {
          rows.add(r);
        }
      }
      return rows;
    }

    /** The emulated compute per block of the report's {@code workload.compute}, else 0. */
    private static double emulatedBlockMs(JsonNode root) {
      String compute = root.path("workload").path("compute").asText("real");
      ComputeEmulation mode = ComputeEmulation.parse(compute);
      return mode.isEmulated() ? mode.blockMs() : 0;
    }

    private static double launchOf(JsonNode row, int tasks, double blockMs) {
      int iterations = row.path("iteration_ms").size();
      double taskSeconds = row.path("task_seconds").asDouble(0);
      if (iterations == 0 || taskSeconds <= 0) {
        return Double.NaN;
      }
      return Math.max(0, taskSeconds * 1000 / ((double) iterations * tasks) - blockMs);
    }

    private static double fixedOf(JsonNode row, BenchShape shape, double t, double launch) {
      Rule rule = Rule.parse(row.path("strategy").asText());
      return row.path("mean_iteration_ms").asDouble() - idealSpanMs(rule, shape, t, launch);
    }
  }
}
