package org.flexcode.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The mean iteration at cluster scale with the {@link DataPlane} added: M executors of C cores (n =
 * M x C tasks), a d-vector per task, three contenders per (M, d, pattern):
 *
 * <ul>
 *   <li>{@code treeAggregate depth 2}: MLlib's; it waits for its slowest task, so its compute is
 *       {@code bsp}'s in the {@link IterationModel}, plus {@link DataPlane#treeAggregateMs};
 *   <li>{@code auto:exact=true, driver path}: the default strategy with every result sent to the
 *       driver, plus {@link DataPlane#driverPathMs};
 *   <li>{@code auto:exact=true, executor path}: the same with results held on the executors, plus
 *       {@link DataPlane#executorPathMs}.
 * </ul>
 *
 * <p>Each row's "model ms" is the Monte Carlo mean of compute and fixed costs ({@link Costs}, the
 * broadcast of a d x 8-byte model included), the same for both of the default's paths; the data
 * plane term is deterministic and added to every iteration. The data plane is the one fitted on one
 * JVM ({@link DataPlaneFit}) with the driver's inbound rate and each executor's link capped by
 * assumed network rates ({@link DataPlane#cappedBy}): a stage runs at the slower of the measured
 * per-byte handling and the network. The default's choices are simulated without the data plane's
 * cost in its chooser.
 */
public record DataPlaneProjection(
    int cores, double blockMs, Costs costs, DataPlane plane, long seed, long taskBudget) {

  /** One projected row. */
  public record Row(
      int executors,
      int cores,
      int tasks,
      int dimension,
      String pattern,
      String contender,
      double modelMs,
      double dataPlaneMs) {

    /** The mean iteration: model + data plane, ms. */
    public double meanMs() {
      return modelMs + dataPlaneMs;
    }
  }

  /** The name of MLlib's contender. */
  public static final String TREE_AGGREGATE = "treeAggregate depth 2";

  /** The default strategy's spec. */
  public static final String DEFAULT_RULE = "auto:exact=true";

  /** Validates. */
  public DataPlaneProjection {
    Checks.check(cores >= 1, "projection: cores must be >= 1, got " + cores);
    Checks.check(blockMs > 0, "projection: blockMs must be > 0, got " + blockMs);
    Checks.check(costs != null && plane != null, "projection: costs and plane must not be null");
    Checks.check(taskBudget >= 1, "projection: taskBudget must be >= 1, got " + taskBudget);
  }

  /** Three rows per (executors, dimension, pattern), in that nesting order. */
  public List<Row> rows(
      List<Integer> executorCounts, List<Integer> dimensions, List<String> patterns) {
    ScaleSimulator sizes = ScaleSimulator.of(cores, blockMs).withBudget(seed, taskBudget);
    List<Row> rows = new ArrayList<>();
    for (int m : executorCounts) {
      Cluster cluster = new Cluster(m, cores, m * cores, blockMs, costs, 0.0);
      int iterations = sizes.iterationsFor(cluster.tasks());
      for (String pattern : patterns) {
        IterationModel model = IterationModel.of(cluster, MachineDelays.parse(pattern));
        double tree = model.run(Rule.bsp(), iterations, seed).meanMs();
        double auto = model.run(Rule.parse(DEFAULT_RULE), iterations, seed).meanMs();
        for (int d : dimensions) {
          rows.addAll(shapeRows(cluster, d, model.delays().spec(), tree, auto));
        }
      }
    }
    return rows;
  }

  private List<Row> shapeRows(
      Cluster cluster, int d, String pattern, double treeMs, double autoMs) {
    int m = cluster.executors();
    int n = cluster.tasks();
    double broadcast = costs.broadcastPerMbMs() * d * DataPlane.BYTES_PER_ENTRY / 1e6;
    return List.of(
        new Row(
            m,
            cores,
            n,
            d,
            pattern,
            TREE_AGGREGATE,
            treeMs + broadcast,
            plane.treeAggregateMs(n, m, d)),
        new Row(
            m,
            cores,
            n,
            d,
            pattern,
            DEFAULT_RULE + ", driver path",
            autoMs + broadcast,
            plane.driverPathMs(n, d)),
        new Row(
            m,
            cores,
            n,
            d,
            pattern,
            DEFAULT_RULE + ", executor path",
            autoMs + broadcast,
            plane.executorPathMs(n, m, d)));
  }

  /** A Markdown table of the rows, each mean relative to treeAggregate's at the same shape. */
  public static String format(List<Row> rows) {
    StringBuilder out = new StringBuilder();
    out.append("| executors | cores | tasks | d | pattern | contender | model ms |")
        .append(" data plane ms | mean it ms | vs treeAggregate |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %d | %d | %d | %d | %s | %s | %.1f | %.1f | %.1f | %.2f |%n",
              r.executors(),
              r.cores(),
              r.tasks(),
              r.dimension(),
              r.pattern(),
              r.contender(),
              r.modelMs(),
              r.dataPlaneMs(),
              r.meanMs(),
              r.meanMs() / treeAggregateMean(rows, r)));
    }
    return out.toString();
  }

  private static double treeAggregateMean(List<Row> rows, Row of) {
    for (Row r : rows) {
      if (r.contender().equals(TREE_AGGREGATE)
          && r.executors() == of.executors()
          && r.dimension() == of.dimension()
          && r.pattern().equals(of.pattern())) {
        return r.meanMs();
      }
    }
    return Double.NaN;
  }
}
