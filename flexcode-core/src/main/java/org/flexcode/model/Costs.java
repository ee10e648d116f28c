package org.flexcode.model;

/**
 * The engine's costs outside a task's compute, in ms: a fixed cost per iteration (job launch), a
 * launch cost per task, the driver's decode time a + b x n for n tasks, the broadcast time c + d x
 * (model MB), and the launch cost of one of {@code steal}'s chunk tasks (several run one after the
 * other on a core; measured apart, as it differs from a block task's). One iteration's fixed cost
 * is {@code job + decode(n) + broadcast(model)}; every task adds {@code taskLaunchMs} (a chunk task
 * {@code chunkLaunchMs}) to its own duration.
 */
public record Costs(
    double jobMs,
    double taskLaunchMs,
    double decodeBaseMs,
    double decodePerTaskMs,
    double broadcastBaseMs,
    double broadcastPerMbMs,
    double chunkLaunchMs) {

  /** Costs whose chunk tasks cost what a block task's launch costs. */
  public Costs(
      double jobMs,
      double taskLaunchMs,
      double decodeBaseMs,
      double decodePerTaskMs,
      double broadcastBaseMs,
      double broadcastPerMbMs) {
    this(
        jobMs,
        taskLaunchMs,
        decodeBaseMs,
        decodePerTaskMs,
        broadcastBaseMs,
        broadcastPerMbMs,
        taskLaunchMs);
  }

  /** No cost at all: iteration time is compute only. */
  public static Costs none() {
    return new Costs(0, 0, 0, 0, 0, 0);
  }

  /** Validates: every cost is finite and >= 0. */
  public Costs {
    double[] all = {
      jobMs,
      taskLaunchMs,
      decodeBaseMs,
      decodePerTaskMs,
      broadcastBaseMs,
      broadcastPerMbMs,
      chunkLaunchMs
    };
    for (double v : all) {
      Checks.check(v >= 0 && Double.isFinite(v), "costs must be finite and >= 0, got " + v);
    }
  }

  /** The decode time for n tasks: a + b x n. */
  public double decodeMs(int tasks) {
    return decodeBaseMs + decodePerTaskMs * tasks;
  }

  /** The broadcast time of a model of {@code modelMb} MB: c + d x MB. */
  public double broadcastMs(double modelMb) {
    return broadcastBaseMs + broadcastPerMbMs * modelMb;
  }

  /** The fixed cost of one iteration over n tasks with a model of {@code modelMb} MB. */
  public double fixedMs(int tasks, double modelMb) {
    return jobMs + decodeMs(tasks) + broadcastMs(modelMb);
  }
}
