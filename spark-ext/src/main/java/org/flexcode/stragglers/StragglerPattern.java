package org.flexcode.stragglers;

import java.io.Serializable;

/**
 * A seeded straggler pattern from the study in the project's seeds (DESIGN section 4). For one task
 * attempt that computed for {@code computeMs}, {@link #delayMs} says how long it is held back
 * afterwards; executor-level disruption runs in the background of the executor ({@link
 * #startOnExecutor}). Draws are keyed on (seed, partition, computation count, attempt) or (seed,
 * executor), so runs repeat exactly and MLlib's tasks and FlexCode's draw alike.
 *
 * <p>Specs ({@link #parse}): {@code ideal}; {@code slow-worker:p=0.2,max=2} (with probability p a
 * task is delayed by U(0, max) x its compute time); {@code power-law:alpha=4} (delay = compute x
 * ((1 - u)^(-1/alpha) - 1), a Pareto tail with skew alpha); {@code persistent:k=1,factor=4}
 * (executors with numeric id below k, the driver counting as 0 in local mode, run factor times
 * slower every iteration); {@code disrupted-machine:p=0.1,interval=1000} (per interval of that many
 * ms, with probability p an executor runs CPU-hog threads, one per core, for the interval: real
 * contention, not sleep); {@code heavy-tail} (25% of tasks slow: 80% of those 1.5-2.5x, 20%
 * 2.5-10x).
 */
public sealed interface StragglerPattern extends Serializable
    permits Patterns.Ideal,
        Patterns.SlowWorker,
        Patterns.PowerLaw,
        Patterns.Persistent,
        Patterns.HeavyTail,
        Patterns.DisruptedMachine {

  /** No straggling. */
  static StragglerPattern ideal() {
    return new Patterns.Ideal();
  }

  /**
   * Parses one spec through the shared spec grammar ({@link org.flexcode.spec.SpecTable}); the
   * error names the spec and the bad name, key or value, and what was expected.
   */
  static StragglerPattern parse(String spec) {
    return PatternTable.parse(spec);
  }

  /** The specs {@link #parse} accepts, with their defaults. */
  String KNOWN =
      "ideal, slow-worker:p=0.2,max=2, power-law:alpha=4, persistent:k=1,factor=4,"
          + " disrupted-machine:p=0.1,interval=1000, heavy-tail";

  /** The canonical spec of this pattern; {@link #parse} reads it back to an equal pattern. */
  String spec();

  /**
   * How long (ms) the attempt {@code attempt} of partition {@code partition}, computed for the
   * {@code computeCount}-th time on executor {@code executorId} in {@code computeMs}, is held back.
   */
  long delayMs(
      long seed, int partition, String executorId, int computeCount, int attempt, long computeMs);

  /** Starts executor-level disruption in this executor JVM (once); most patterns have none. */
  default void startOnExecutor(long seed, String executorId) {}
}
