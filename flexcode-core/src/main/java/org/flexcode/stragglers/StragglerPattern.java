package org.flexcode.stragglers;

import java.io.Serializable;

/**
 * A seeded straggler pattern from the study in the project's seeds (DESIGN section 4): for one task
 * attempt ({@link TaskSlot}) the factor by which its compute is slowed. In real compute the task is
 * held back (factor - 1) x its compute time after computing; in emulated compute ({@code
 * ComputeEmulation} in spark-ext) its emulated sleep is multiplied by the factor. The patterns are
 * plain Java (flexcode-core): spark-ext's injector applies them inside tasks, and the model ({@code
 * org.flexcode.model.MachineDelays}) parses the same specs.
 *
 * <p>Worker-level patterns draw on (seed, executor, iteration): every task an executor runs in one
 * iteration gets the same factor, so MLlib's rows and FlexCode's draw the same delays whatever the
 * number of tasks. Specs ({@link #parse}):
 *
 * <ul>
 *   <li>{@code ideal}: factor 1;
 *   <li>{@code slow-worker:p=0.2,max=2}: with probability p an executor is slowed in that iteration
 *       by 1 + U(0, max);
 *   <li>{@code slow-task:p=0.2,max=2}: the same drawn per task (partition, iteration, attempt);
 *   <li>{@code power-law:alpha=4}: factor (1 - u)^(-1/alpha) per executor and iteration, a Pareto
 *       tail with mean alpha / (alpha - 1) (the study uses alpha = 4, 7, 11);
 *   <li>{@code persistent:k=1,factor=4}: executors numbered below k, every iteration;
 *   <li>{@code skew:k=1,load=1.75}: k executors hold load times more data (placement skew),
 *       modelled as their tasks' compute scaled by load;
 *   <li>{@code heavy-tail}: a quarter of the executors per iteration slow, 80% of those by
 *       1.5-2.5x, 20% by 2.5-10x;
 *   <li>{@code markov:slow=0.05,recover=0.3,factor=4}: each executor a two-state chain over
 *       iterations (fast to slow with probability slow, slow to fast with probability recover, slow
 *       share slow / (slow + recover)), slow meaning factor;
 *   <li>{@code disrupted-machine:p=0.1,interval=1000,intensity=1}: in real compute, per interval of
 *       that many ms, with probability p an executor runs intensity x cores CPU-hog threads (real
 *       contention, not sleep); in emulated compute, with probability p per iteration the
 *       executor's emulated compute runs 1 + intensity times slower.
 * </ul>
 *
 * <p>Local mode's executors are virtual, one per partition (see {@link TaskSlot#of}).
 */
public sealed interface StragglerPattern extends Serializable
    permits TaskPatterns.Ideal,
        TaskPatterns.SlowTask,
        WorkerPatterns.SlowWorker,
        WorkerPatterns.PowerLaw,
        WorkerPatterns.Persistent,
        WorkerPatterns.Skew,
        WorkerPatterns.HeavyTail,
        WorkerPatterns.Markov,
        DisruptedMachine {

  /** No straggling. */
  static StragglerPattern ideal() {
    return new TaskPatterns.Ideal();
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
      "ideal, slow-worker:p=0.2,max=2, slow-task:p=0.2,max=2, power-law:alpha=4,"
          + " persistent:k=1,factor=4, skew:k=1,load=1.75, heavy-tail,"
          + " markov:slow=0.05,recover=0.3,factor=4,"
          + " disrupted-machine:p=0.1,interval=1000,intensity=1";

  /** The canonical spec of this pattern; {@link #parse} reads it back to an equal pattern. */
  String spec();

  /** The factor (>= 1) by which the compute of the task at {@code slot} is slowed. */
  double factor(long seed, TaskSlot slot);

  /** The factor in emulated compute; the same as {@link #factor} unless the pattern says else. */
  default double emulatedFactor(long seed, TaskSlot slot) {
    return factor(seed, slot);
  }

  /**
   * How long (ms) the attempt {@code attempt} of partition {@code partition}, computed for the
   * {@code computeCount}-th time on Spark executor {@code executorId} in {@code computeMs}, is held
   * back in real compute: (factor - 1) x computeMs.
   */
  default long delayMs(
      long seed, int partition, String executorId, int computeCount, int attempt, long computeMs) {
    TaskSlot slot = TaskSlot.of(executorId, partition, computeCount, attempt);
    return Math.round((factor(seed, slot) - 1) * computeMs);
  }
}
