package org.flexcode.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The model table at scale: for each executor count, pattern and rule, the {@link IterationModel}'s
 * figures on M executors of {@code cores} cores (M x C tasks), with the engine's {@link Costs}. The
 * Monte Carlo stays bounded: each row simulates about {@code taskBudget} tasks in all (default
 * {@link #TASK_BUDGET}), so fewer iterations at large M (at least {@link #MIN_ITERATIONS}, at most
 * {@link #MAX_ITERATIONS}). A rule that cannot run on a shape (cyclic beyond 64 tasks, frc with s+1
 * not dividing n) gives a row with a note instead of figures.
 */
public record ScaleSimulator(
    int cores,
    double blockMs,
    Costs costs,
    double modelMb,
    long seed,
    long taskBudget,
    double unslowedBlockMs) {

  /** The executor counts of the default table. */
  public static final List<Integer> DEFAULT_EXECUTORS = List.of(64, 256, 1000, 10_000);

  /** Tasks simulated per row, over all its iterations. */
  public static final long TASK_BUDGET = 400_000;

  /** Fewest iterations per row. */
  public static final int MIN_ITERATIONS = 10;

  /** Most iterations per row. */
  public static final int MAX_ITERATIONS = 2_000;

  /** A simulator with no cost and seed 1. */
  public static ScaleSimulator of(int cores, double blockMs) {
    return new ScaleSimulator(cores, blockMs, Costs.none(), 0.0, 1L, TASK_BUDGET, 0.0);
  }

  /** Validates. */
  public ScaleSimulator {
    Checks.check(cores >= 1, "simulate: cores must be >= 1, got " + cores);
    Checks.check(blockMs > 0, "simulate: blockMs must be > 0, got " + blockMs);
    Checks.check(costs != null, "simulate: costs must not be null");
    Checks.check(taskBudget >= 1, "simulate: taskBudget must be >= 1, got " + taskBudget);
    Checks.check(unslowedBlockMs >= 0, "simulate: unslowedBlockMs must be >= 0");
  }

  /** The same simulator with these costs and model size. */
  public ScaleSimulator withCosts(Costs newCosts, double newModelMb) {
    return new ScaleSimulator(
        cores, blockMs, newCosts, newModelMb, seed, taskBudget, unslowedBlockMs);
  }

  /**
   * The same simulator with {@code ms} per block that no straggler factor slows (emulated compute's
   * real computation; see {@link Cluster}).
   */
  public ScaleSimulator withUnslowedBlockMs(double ms) {
    return new ScaleSimulator(cores, blockMs, costs, modelMb, seed, taskBudget, ms);
  }

  /** The same simulator with this seed and task budget per row. */
  public ScaleSimulator withBudget(long newSeed, long newTaskBudget) {
    return new ScaleSimulator(
        cores, blockMs, costs, modelMb, newSeed, newTaskBudget, unslowedBlockMs);
  }

  /** The iterations a row over {@code tasks} tasks simulates. */
  public int iterationsFor(int tasks) {
    long it = taskBudget / Math.max(1, tasks);
    return (int) Math.max(MIN_ITERATIONS, Math.min(MAX_ITERATIONS, it));
  }

  /** One row per (executors, pattern, rule), in that nesting order. */
  public List<ModelSummary> table(
      List<String> rules, List<String> patterns, List<Integer> executorCounts) {
    List<ModelSummary> rows = new ArrayList<>();
    for (int m : executorCounts) {
      Cluster cluster =
          new Cluster(m, cores, m * cores, blockMs, costs, modelMb, unslowedBlockMs, 0);
      for (String pattern : patterns) {
        IterationModel model = IterationModel.of(cluster, MachineDelays.parse(pattern));
        for (String spec : rules) {
          Rule rule = Rule.parse(spec);
          rows.add(row(model, rule, pattern));
        }
      }
    }
    return rows;
  }

  private ModelSummary row(IterationModel model, Rule rule, String pattern) {
    try {
      return model.run(rule, iterationsFor(model.cluster().tasks()), seed);
    } catch (IllegalArgumentException e) {
      return ModelSummary.unsupported(
          rule.spec(), model.delays().spec(), model.cluster(), e.getMessage());
    }
  }

  /** A Markdown table of the rows, with each row's mean relative to bsp's at the same shape. */
  public static String format(List<ModelSummary> rows) {
    StringBuilder out = new StringBuilder();
    out.append("| executors | cores | tasks | pattern | rule | iterations | mean ms | p50 ms |")
        .append(" p95 ms | vs bsp | ms per pass | task-s | wasted task-s | idle core-s | note |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (ModelSummary r : rows) {
      double bsp = bspMean(rows, r);
      out.append(
          String.format(
              Locale.ROOT,
              "| %d | %d | %d | %s | %s | %d | %.1f | %.1f | %.1f | %.2f | %.1f | %.2f | %.2f | %.2f"
                  + " | %s |%n",
              r.executors(),
              r.cores(),
              r.tasks(),
              r.pattern(),
              r.rule(),
              r.iterations(),
              r.meanMs(),
              r.p50Ms(),
              r.p95Ms(),
              r.meanMs() / bsp,
              r.msPerPass(),
              r.computedTaskSeconds(),
              r.wastedTaskSeconds(),
              r.idleCoreSeconds(),
              r.note()));
    }
    return out.toString();
  }

  private static double bspMean(List<ModelSummary> rows, ModelSummary of) {
    for (ModelSummary r : rows) {
      if (r.rule().equals("bsp")
          && r.pattern().equals(of.pattern())
          && r.executors() == of.executors()
          && r.cores() == of.cores()) {
        return r.meanMs();
      }
    }
    return Double.NaN;
  }
}
