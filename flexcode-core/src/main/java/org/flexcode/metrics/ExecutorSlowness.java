package org.flexcode.metrics;

import java.io.Serializable;
import java.util.Locale;

/**
 * One executor's line in a {@link StragglerReport}: the iterations it ran tasks in, those in which
 * it was slow, its median slowdown against the median executor over the iterations it ran in, and
 * the verdict {@link StragglerTally} gives it.
 *
 * @param executor the executor as straggler patterns key it ({@code "3"}, or {@code "local-5"} for
 *     local mode's task slot 5)
 * @param iterations iterations in which it ran at least one task (the first record included)
 * @param slowIterations iterations in which it was slow
 * @param medianSlowdown the median of its time / the median executor's time, NaN if never compared
 * @param verdict none, transient, persistent or lost
 */
public record ExecutorSlowness(
    String executor, int iterations, int slowIterations, double medianSlowdown, Verdict verdict)
    implements Serializable {

  /** What the executor's slowness amounted to over the fit. */
  public enum Verdict {
    /** Never slow. */
    NONE,
    /** Slow in some iterations, fewer than a persistent straggler. */
    TRANSIENT,
    /** Slow in at least half of its iterations (and at least three). */
    PERSISTENT,
    /** Gone after an iteration in which Spark lost executors. */
    LOST;

    /** The lower-case name reports print. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Validates. */
  public ExecutorSlowness {
    if (executor == null || executor.isBlank()) {
      throw new IllegalArgumentException("executor must not be empty");
    }
    if (verdict == null) {
      throw new IllegalArgumentException("executor " + executor + ": verdict must not be null");
    }
  }
}
