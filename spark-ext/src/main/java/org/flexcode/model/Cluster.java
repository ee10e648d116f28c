package org.flexcode.model;

/**
 * A cluster shape: M executors (machines) of C cores each, n tasks (default M x C) placed
 * round-robin (task i on executor i mod M, as the engine's placement does, so the s+1 consecutive
 * tasks of an FRC group sit on distinct executors when M >= s+1), T ms of compute per data block,
 * the engine's {@link Costs} and the model's size in MB (for the broadcast cost).
 */
public record Cluster(
    int executors, int cores, int tasks, double blockMs, Costs costs, double modelMb) {

  /** M x C tasks, no cost. */
  public static Cluster of(int executors, int cores, double blockMs) {
    return new Cluster(executors, cores, executors * cores, blockMs, Costs.none(), 0.0);
  }

  /** Validates. */
  public Cluster {
    Specs.check(executors >= 1, "cluster: executors must be >= 1, got " + executors);
    Specs.check(cores >= 1, "cluster: cores must be >= 1, got " + cores);
    Specs.check(tasks >= 1, "cluster: tasks must be >= 1, got " + tasks);
    Specs.check(blockMs > 0 && Double.isFinite(blockMs), "cluster: blockMs must be > 0");
    Specs.check(costs != null, "cluster: costs must not be null");
    Specs.check(modelMb >= 0, "cluster: modelMb must be >= 0, got " + modelMb);
  }

  /** The same cluster with n tasks. */
  public Cluster withTasks(int n) {
    return new Cluster(executors, cores, n, blockMs, costs, modelMb);
  }

  /** The same cluster with these costs and model size. */
  public Cluster withCosts(Costs newCosts, double newModelMb) {
    return new Cluster(executors, cores, tasks, blockMs, newCosts, newModelMb);
  }

  /** The executor of task (or chunk owner) {@code task}: task mod M. */
  public int executorOf(int task) {
    return task % executors;
  }

  /** The fixed cost of one iteration: job launch + decode(n) + broadcast(model). */
  public double fixedMs() {
    return costs.fixedMs(tasks, modelMb);
  }
}
