package org.flexcode.stragglers;

import org.flexcode.spec.SpecText;

/**
 * {@code disrupted-machine:p=P,interval=MS,intensity=I}: a machine disrupted by other work. In real
 * compute, per interval of MS milliseconds an executor is disrupted with probability p and then
 * runs I x cores CPU-hog threads for the interval ({@code Disruptor} in spark-ext: real contention,
 * no sleep; factor 1). In emulated compute no thread spins: an executor disrupted in an iteration
 * (probability p, drawn per (seed, executor, iteration)) runs its emulated compute 1 + I times
 * slower.
 *
 * @param p the probability that an executor is disrupted in one interval (one iteration emulated)
 * @param intervalMs the length of one interval in real compute
 * @param intensity hog threads per core in real compute; the extra slowdown in emulated compute
 */
public record DisruptedMachine(double p, long intervalMs, double intensity)
    implements StragglerPattern {

  /** Validates. */
  public DisruptedMachine {
    Draws.check(p >= 0 && p <= 1, "disrupted-machine: p must be in [0, 1], got " + p);
    Draws.check(
        intervalMs >= 10, "disrupted-machine: interval must be >= 10 ms, got " + intervalMs);
    Draws.check(
        intensity >= 0 && intensity <= 16,
        "disrupted-machine: intensity must be in [0, 16], got " + intensity);
  }

  @Override
  public String spec() {
    return SpecText.of(PatternTable.DISRUPTED_MACHINE)
        .with("p", p)
        .with("interval", intervalMs)
        .with("intensity", intensity)
        .toString();
  }

  @Override
  public double factor(long seed, TaskSlot slot) {
    return 1; // the slowdown is real CPU contention from the hog threads
  }

  @Override
  public double emulatedFactor(long seed, TaskSlot slot) {
    boolean hit = Draws.worker(seed, slot.executor(), slot.iteration()).nextDouble() < p;
    return hit ? 1 + intensity : 1;
  }

  /** Whether {@code executor} is disrupted during interval number {@code interval} (real mode). */
  boolean disrupted(long seed, String executor, long interval) {
    return Draws.of(seed, executor.hashCode(), interval, 7).nextDouble() < p;
  }

  /** The hog threads one executor runs in real compute: intensity x cores, at least one. */
  int hogThreads(int cores) {
    return Math.max(1, (int) Math.round(intensity * cores));
  }

  /** Whether real compute runs hog threads at all. */
  boolean spins() {
    return p > 0 && intensity > 0;
  }
}
