package org.flexcode.stragglers;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Forces chosen (iteration, task) pairs to straggle: the task sleeps for the given time before it
 * computes. The sleep is interruptible, as a cancelled Spark task's thread is interrupted.
 *
 * <p>Build with {@link #none()}, {@link #delay(int, int, long)} (chainable with {@link #and}) or
 * {@link #seeded(long, double, long)}, which picks each (iteration, task) with probability p from a
 * seed, so runs repeat exactly. Each delay that ran is recorded in {@link #outcomes()} of the JVM
 * that ran it (the driver's, in local mode): planned, slept, and whether it was interrupted.
 */
public final class StragglerHook implements Serializable {

  private static final long serialVersionUID = 1L;
  private static final List<Outcome> OUTCOMES = new CopyOnWriteArrayList<>();

  private final Map<Long, Long> delays;
  private final long seed;
  private final double probability;
  private final long seededDelayMs;

  /** What happened to one injected delay. */
  public record Outcome(
      int iteration, int task, int attempt, long plannedMs, long sleptMs, boolean interrupted) {}

  private StragglerHook(Map<Long, Long> delays, long seed, double probability, long seededDelayMs) {
    this.delays = delays;
    this.seed = seed;
    this.probability = probability;
    this.seededDelayMs = seededDelayMs;
  }

  /** No injected delay. */
  public static StragglerHook none() {
    return new StragglerHook(Map.of(), 0, 0, 0);
  }

  /** Task {@code task} of iteration {@code iteration} sleeps {@code millis} before computing. */
  public static StragglerHook delay(int iteration, int task, long millis) {
    return none().and(iteration, task, millis);
  }

  /** Each (iteration, task) straggles by {@code millis} with probability p, drawn from a seed. */
  public static StragglerHook seeded(long seed, double probability, long millis) {
    if (!(probability >= 0 && probability <= 1)) {
      throw new IllegalArgumentException("probability must be in [0, 1], got " + probability);
    }
    if (millis < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ms, got " + millis);
    }
    return new StragglerHook(Map.of(), seed, probability, millis);
  }

  /** This hook plus one more forced delay. */
  public StragglerHook and(int iteration, int task, long millis) {
    if (iteration < 0 || task < 0 || millis < 0) {
      throw new IllegalArgumentException(
          "iteration, task and delay must be >= 0, got iteration="
              + iteration
              + " task="
              + task
              + " millis="
              + millis);
    }
    Map<Long, Long> more = new HashMap<>(delays);
    more.put(key(iteration, task), millis);
    return new StragglerHook(Map.copyOf(more), seed, probability, seededDelayMs);
  }

  /** The delay planned for (iteration, task), 0 for none. */
  public long plannedDelayMs(int iteration, int task) {
    Long forced = delays.get(key(iteration, task));
    if (forced != null) {
      return forced;
    }
    if (probability > 0) {
      SplittableRandom random =
          new SplittableRandom(seed ^ (key(iteration, task) * 0x9E3779B97F4A7C15L));
      if (random.nextDouble() < probability) {
        return seededDelayMs;
      }
    }
    return 0;
  }

  /**
   * Sleeps for the planned delay of (iteration, task); returns early if the thread is interrupted,
   * keeping the interrupt flag set so Spark sees the kill.
   */
  public void straggle(int iteration, int task, int attempt) {
    long planned = plannedDelayMs(iteration, task);
    if (planned <= 0) {
      return;
    }
    long start = System.nanoTime();
    boolean interrupted = false;
    try {
      sleepUnlessKilled(planned);
    } catch (InterruptedException e) {
      interrupted = true;
      Thread.currentThread().interrupt();
    }
    long slept = (System.nanoTime() - start) / 1_000_000;
    OUTCOMES.add(new Outcome(iteration, task, attempt, planned, slept, interrupted));
  }

  /**
   * Sleeps {@code millis}, in slices, ending early when the thread is interrupted or the running
   * Spark task was killed: Spark marks a task killed without interrupting its thread when the kill
   * lands before the task's thread is known.
   */
  private static void sleepUnlessKilled(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000;
    org.apache.spark.TaskContext context = org.apache.spark.TaskContext.get();
    for (long left = millis; left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
      if (context != null && context.isInterrupted()) {
        throw new InterruptedException("the task was killed");
      }
      Thread.sleep(Math.min(left, 50));
    }
  }

  /** The delays that ran in this JVM, oldest first. */
  public static List<Outcome> outcomes() {
    return List.copyOf(OUTCOMES);
  }

  /** Forgets the recorded outcomes (tests call this between cases). */
  public static void clearOutcomes() {
    OUTCOMES.clear();
  }

  private static long key(int iteration, int task) {
    return ((long) iteration << 32) | (task & 0xffffffffL);
  }
}
