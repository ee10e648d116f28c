package org.flexcode.bench;

import static org.flexcode.bench.OptionValues.atLeastOne;
import static org.flexcode.bench.OptionValues.positive;
import static org.flexcode.bench.OptionValues.positiveIntegers;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.flexcode.cli.Args;
import org.flexcode.model.DataPlane;
import org.flexcode.model.DataPlaneFit;
import org.flexcode.model.DataPlaneProjection;
import org.flexcode.model.MachineDelays;

/**
 * {@code flexcode-submit simulate --data-plane}: the {@link DataPlane}'s constants fitted on the
 * bench's local[2] data-plane runs ({@link DataPlaneFit}: B, R, J and the held-out row's error),
 * then the projection at cluster scale ({@link DataPlaneProjection}): treeAggregate (depth 2) and
 * the default strategy with every result sent to the driver and with results held on executors. The
 * network is assumed, not measured: the driver's inbound rate and each executor's link are capped
 * at {@code --driver-gbit} and {@code --executor-gbit} (10 Gbit/s each by default). The compute and
 * fixed costs are {@link CostCalibration}'s documented defaults.
 */
final class DataPlaneCommand {

  static final String USAGE =
      """
      usage: flexcode-submit simulate --data-plane [options]

        --executors LIST     executor counts (default 1000,10000)
        --cores C            cores per executor (default 16); tasks = M x C
        --dimensions LIST    vector lengths d (default 1048576,16777216)
        --pattern SPEC       a machine-level pattern; repeat for several (default ideal,
                             slow-worker:p=0.2,max=2 and markov:slow=0.05,recover=0.3,factor=4)
        --block-ms T         per-block compute (default 500)
        --driver-gbit G      the driver's network rate, Gbit/s (default 10)
        --executor-gbit G    each executor's network rate, Gbit/s (default 10)
        --seed S             Monte Carlo seed (default 1)
        --task-budget N      tasks simulated per row (default 400000)
      """;

  static final List<Integer> DEFAULT_EXECUTORS = List.of(1_000, 10_000);
  static final List<Integer> DEFAULT_DIMENSIONS = List.of(1 << 20, 1 << 24);
  static final List<String> DEFAULT_PATTERNS =
      List.of("ideal", "slow-worker:p=0.2,max=2", "markov:slow=0.05,recover=0.3,factor=4");
  static final double DEFAULT_GBIT = 10;
  static final int DEFAULT_CORES = 16;

  private static final Set<String> OPTIONS =
      Set.of(
          "data-plane",
          "executors",
          "cores",
          "dimensions",
          "pattern",
          "block-ms",
          "driver-gbit",
          "executor-gbit",
          "seed",
          "task-budget");

  private DataPlaneCommand() {}

  /** Runs on {@code argv} (with or without its leading {@code --data-plane}), printing to out. */
  static int run(String[] argv, PrintStream out) {
    List<String> rest = new ArrayList<>(List.of(argv));
    rest.remove("--data-plane");
    Args args = new Args("simulate --data-plane", rest.toArray(String[]::new), 0, OPTIONS);
    List<Integer> executors =
        positiveIntegers(args.string("executors", null), DEFAULT_EXECUTORS, "--executors");
    List<Integer> dimensions =
        positiveIntegers(args.string("dimensions", null), DEFAULT_DIMENSIONS, "--dimensions");
    List<String> patterns = args.all("pattern").isEmpty() ? DEFAULT_PATTERNS : args.all("pattern");
    patterns.forEach(MachineDelays::parse); // fails early, naming the bad pattern
    int cores = atLeastOne(args.integer("cores", DEFAULT_CORES), "--cores");
    double blockMs =
        positive(args.number("block-ms", CostCalibration.DEFAULT_BLOCK_MS), "--block-ms");
    double driverGbit = positive(args.number("driver-gbit", DEFAULT_GBIT), "--driver-gbit");
    double executorGbit = positive(args.number("executor-gbit", DEFAULT_GBIT), "--executor-gbit");
    long seed = args.integer("seed", 1);
    long budget = atLeastOne(args.integer("task-budget", 400_000), "--task-budget");

    DataPlaneFit fit = DataPlaneFit.measured();
    DataPlane plane =
        fit.local().cappedBy(bytesPerSecond(driverGbit), bytesPerSecond(executorGbit));
    DataPlaneProjection projection =
        new DataPlaneProjection(cores, blockMs, CostCalibration.DEFAULT_COSTS, plane, seed, budget);
    out.println("# FlexCode simulate --data-plane");
    out.println();
    out.println("## The data plane fitted on local[2]");
    out.println();
    out.print(fit.format());
    out.println();
    out.println("## Projected at cluster scale");
    out.println();
    out.println(assumptions(plane, driverGbit, executorGbit, blockMs));
    out.println();
    out.print(DataPlaneProjection.format(projection.rows(executors, dimensions, patterns)));
    return 0;
  }

  private static String assumptions(
      DataPlane plane, double driverGbit, double executorGbit, double blockMs) {
    return String.format(
        Locale.ROOT,
        "Assumed: driver link %.0f Gbit/s, executor links %.0f Gbit/s; used: driver B = %.0f MB/s,"
            + " executor link %.0f MB/s (the slower of the fitted per-byte rate and the link), R ="
            + " %.3g entries/s on the driver and on each executor core, J = %.1f ms; compute %.0f"
            + " ms per task, costs %s, the broadcast of a d x 8-byte model included.",
        driverGbit,
        executorGbit,
        plane.driverBytesPerSecond() / 1e6,
        plane.executorLinkBytesPerSecond() / 1e6,
        plane.driverEntriesPerSecond(),
        plane.combineJobMs(),
        blockMs,
        CostCalibration.DEFAULT_COSTS);
  }

  private static double bytesPerSecond(double gbit) {
    return gbit * 1e9 / 8;
  }
}
