package org.flexcode.model;

/**
 * A cluster shape: M executors (machines) of C cores each, n tasks (default M x C) placed
 * round-robin (task i on executor i mod M, as the engine's placement does, so the s+1 consecutive
 * tasks of an FRC group sit on distinct executors when M >= s+1), the compute of one data block,
 * the engine's {@link Costs} and the model's size in MB (for the broadcast cost).
 *
 * <p>A block's compute has two parts, as the straggler injection treats them: {@code blockMs}, the
 * part a straggler factor slows, and {@code unslowedBlockMs}, the part it does not. In real compute
 * the injection holds a task back (factor - 1) x its whole compute, so the whole block is slowed
 * ({@code unslowedBlockMs} = 0). In emulated compute ({@code --compute emulated:block-ms=E}) only
 * the emulated sleep E is multiplied by the factor; the real computation a task still does beside
 * it (R ms per block) is not slowed: {@code blockMs} = E, {@code unslowedBlockMs} = R. A task of b
 * blocks on executor e lasts {@link #taskMs}: launch + b x load(e) x (R + E x factor(e)).
 *
 * <p>{@code hostCores} P > 0 says the cluster is emulated on one host of P cores, as the bench runs
 * it: the launch and R are then real CPU work shared by every task running at once. They are
 * measured under {@code ideal}, with all min(n, M x C) tasks running together; a task started while
 * only k tasks run does that work {@link #contention} = max(P, k) / max(P, min(n, M x C)) times as
 * long (processor sharing, fixed at the task's start). Only rules whose tasks start at different
 * times ({@code steal}'s moved chunks) see a difference. 0: every core is a machine's own.
 *
 * @param blockMs per-block compute that the straggler factor multiplies, ms
 * @param unslowedBlockMs per-block compute that no factor slows (emulated mode's real compute), ms
 * @param hostCores cores of the one host the cluster is emulated on, 0 for dedicated cores
 * @param gradientSpread the relative spread rho of the workers' gradients ({@code
 *     adaptive.GradientSpread}) the engine measured on the workload, NaN when unknown: {@code
 *     auto}'s chooser then weighs ignore by the share of the records it keeps, as the engine does
 *     before its first measurement
 */
public record Cluster(
    int executors,
    int cores,
    int tasks,
    double blockMs,
    Costs costs,
    double modelMb,
    double unslowedBlockMs,
    int hostCores,
    double gradientSpread) {

  /** M x C tasks, no cost. */
  public static Cluster of(int executors, int cores, double blockMs) {
    return new Cluster(executors, cores, executors * cores, blockMs, Costs.none(), 0.0);
  }

  /** A cluster whose whole block compute is slowed by the factor (real compute). */
  public Cluster(int executors, int cores, int tasks, double blockMs, Costs costs, double modelMb) {
    this(executors, cores, tasks, blockMs, costs, modelMb, 0.0, 0);
  }

  /** A cluster whose workload's gradient spread is unknown. */
  public Cluster(
      int executors,
      int cores,
      int tasks,
      double blockMs,
      Costs costs,
      double modelMb,
      double unslowedBlockMs,
      int hostCores) {
    this(executors, cores, tasks, blockMs, costs, modelMb, unslowedBlockMs, hostCores, Double.NaN);
  }

  /** Validates. */
  public Cluster {
    Checks.check(executors >= 1, "cluster: executors must be >= 1, got " + executors);
    Checks.check(cores >= 1, "cluster: cores must be >= 1, got " + cores);
    Checks.check(tasks >= 1, "cluster: tasks must be >= 1, got " + tasks);
    Checks.check(blockMs > 0 && Double.isFinite(blockMs), "cluster: blockMs must be > 0");
    Checks.check(costs != null, "cluster: costs must not be null");
    Checks.check(modelMb >= 0, "cluster: modelMb must be >= 0, got " + modelMb);
    Checks.check(
        unslowedBlockMs >= 0 && Double.isFinite(unslowedBlockMs),
        "cluster: unslowedBlockMs must be finite and >= 0, got " + unslowedBlockMs);
    Checks.check(hostCores >= 0, "cluster: hostCores must be >= 0, got " + hostCores);
    Checks.check(
        Double.isNaN(gradientSpread) || gradientSpread >= 0,
        "cluster: gradientSpread must be >= 0 or NaN, got " + gradientSpread);
  }

  /** The same cluster with n tasks. */
  public Cluster withTasks(int n) {
    return new Cluster(
        executors, cores, n, blockMs, costs, modelMb, unslowedBlockMs, hostCores, gradientSpread);
  }

  /** The same cluster with these costs and model size. */
  public Cluster withCosts(Costs newCosts, double newModelMb) {
    return new Cluster(
        executors,
        cores,
        tasks,
        blockMs,
        newCosts,
        newModelMb,
        unslowedBlockMs,
        hostCores,
        gradientSpread);
  }

  /** The same cluster with {@code ms} of unslowed compute per block (see the class comment). */
  public Cluster withUnslowedBlockMs(double ms) {
    return new Cluster(
        executors, cores, tasks, blockMs, costs, modelMb, ms, hostCores, gradientSpread);
  }

  /** The same cluster emulated on one host of {@code p} cores (see the class comment). */
  public Cluster withHostCores(int p) {
    return new Cluster(
        executors, cores, tasks, blockMs, costs, modelMb, unslowedBlockMs, p, gradientSpread);
  }

  /** The same cluster running a workload whose gradients spread by {@code rho} (NaN: unknown). */
  public Cluster withGradientSpread(double rho) {
    return new Cluster(
        executors, cores, tasks, blockMs, costs, modelMb, unslowedBlockMs, hostCores, rho);
  }

  /**
   * How many times as long the launch and the unslowed compute of a task take when it starts with
   * {@code running} tasks running (itself included) as when all run at once; 1 on dedicated cores.
   */
  public double contention(int running) {
    if (hostCores == 0) {
      return 1.0;
    }
    int all = Math.min(tasks, executors * cores);
    return Math.min(1.0, Math.max(hostCores, running) / (double) Math.max(hostCores, all));
  }

  /** The executor of task (or chunk owner) {@code task}: task mod M. */
  public int executorOf(int task) {
    return task % executors;
  }

  /** The fixed cost of one iteration: job launch + decode(n) + broadcast(model). */
  public double fixedMs() {
    return costs.fixedMs(tasks, modelMb);
  }

  /**
   * How long a task of {@code blocks} blocks at data load {@code load} lasts on an executor slowed
   * by {@code factor}: launch + blocks x load x (unslowedBlockMs + blockMs x factor).
   */
  public double taskMs(double blocks, double load, double factor) {
    return taskMs(blocks, load, factor, executors * cores);
  }

  /**
   * How long one of {@code steal}'s chunk tasks, the fraction {@code share} of a block, lasts:
   * chunkLaunch + share x load x (unslowedBlockMs + blockMs x factor).
   */
  public double chunkMs(double share, double load, double factor) {
    return chunkMs(share, load, factor, executors * cores);
  }

  /**
   * {@link #taskMs} for a task started with {@code running} tasks running ({@link #contention}).
   */
  public double taskMs(double blocks, double load, double factor, int running) {
    double shared = contention(running);
    return shared * (costs.taskLaunchMs() + blocks * load * unslowedBlockMs)
        + blocks * load * blockMs * factor;
  }

  /** {@link #chunkMs} for a chunk started with {@code running} tasks running. */
  public double chunkMs(double share, double load, double factor, int running) {
    double shared = contention(running);
    return shared * (costs.chunkLaunchMs() + share * load * unslowedBlockMs)
        + share * load * blockMs * factor;
  }

  /** The compute of one block at factor 1: unslowedBlockMs + blockMs. */
  public double plainBlockMs() {
    return unslowedBlockMs + blockMs;
  }
}
