package org.flexcode.model;

import org.flexcode.stragglers.DisruptedMachine;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.stragglers.TaskPatterns;
import org.flexcode.stragglers.WorkerPatterns;

/**
 * A machine-level straggler pattern: per (executor, iteration) a slowdown factor >= 1 that
 * multiplies the compute of every task the executor runs in that iteration, and per executor a data
 * load (1 unless the pattern skews data). Draws are keyed on (seed, executor, iteration).
 *
 * <p>Specs ({@link #parse}) are the engine's straggler patterns, parsed by {@link
 * StragglerPattern#parse} (names, keys, defaults and checks in one table) and turned into the
 * model's draws ({@link #of}): {@code ideal}; {@code slow-worker:p=0.2,max=2} (factor 1 + U(0, max)
 * with probability p); {@code power-law:alpha=4} (factor (1 - u)^(-1/alpha), Pareto with x_m = 1);
 * {@code persistent:k=1,factor=4} (executors below k always that much slower); {@code
 * skew:k=1,load=1.75} (executors below k hold that much more data); {@code heavy-tail} (with
 * probability 0.25 a factor U(1.5, 2.5), or one time in five of those U(2.5, 10)); {@code
 * markov:slow=0.05,recover=0.3,factor=4} (a two-state chain per executor: fast turns slow with
 * probability slow, slow turns fast with probability recover, the chain starts from its stationary
 * law slow / (slow + recover)); {@code disrupted-machine:p=0.1,intensity=1} (factor 1 + intensity
 * with probability p: exact for emulated compute, and for real compute the share of a core that
 * intensity hog threads per core leave the task, per iteration rather than per interval). The
 * engine's per-task {@code slow-task} has no machine-level model.
 */
public interface MachineDelays {

  /** No straggler. */
  static MachineDelays ideal() {
    return new Delays.Ideal();
  }

  /** Factor 1 + U(0, max) with probability p, per (executor, iteration). */
  static MachineDelays slowWorker(double p, double max) {
    return new Delays.SlowWorker(p, max);
  }

  /** Factor (1 - u)^(-1/alpha), per (executor, iteration). */
  static MachineDelays powerLaw(double alpha) {
    return new Delays.PowerLaw(alpha);
  }

  /** Executors 0..k-1 always {@code factor} times slower. */
  static MachineDelays persistent(int k, double factor) {
    return new Delays.Persistent(k, factor, false);
  }

  /** Executors 0..k-1 hold {@code load} times more data (factor 1). */
  static MachineDelays skew(int k, double load) {
    return new Delays.Persistent(k, load, true);
  }

  /** With probability 0.25 a factor U(1.5, 2.5) (80%) or U(2.5, 10) (20%). */
  static MachineDelays heavyTail() {
    return new Delays.HeavyTail();
  }

  /** A two-state chain per executor; slow executors run {@code factor} times slower. */
  static MachineDelays markov(double slow, double recover, double factor) {
    return new Delays.Markov(slow, recover, factor);
  }

  /** Parses a spec with the engine's pattern table (see the class comment). */
  static MachineDelays parse(String spec) {
    return of(StragglerPattern.parse(spec));
  }

  /**
   * The model's draws of the engine's pattern {@code pattern}: the same law and parameters, one
   * factor per (executor, iteration) drawn from the model's own seeded stream.
   *
   * @throws IllegalArgumentException for a pattern that is not machine-level ({@code slow-task})
   */
  static MachineDelays of(StragglerPattern pattern) {
    if (pattern instanceof TaskPatterns.Ideal) {
      return ideal();
    } else if (pattern instanceof WorkerPatterns.SlowWorker p) {
      return slowWorker(p.p(), p.max());
    } else if (pattern instanceof WorkerPatterns.PowerLaw p) {
      return powerLaw(p.alpha());
    } else if (pattern instanceof WorkerPatterns.Persistent p) {
      return persistent(p.k(), p.factor());
    } else if (pattern instanceof WorkerPatterns.Skew p) {
      return skew(p.k(), p.load());
    } else if (pattern instanceof WorkerPatterns.HeavyTail) {
      return heavyTail();
    } else if (pattern instanceof WorkerPatterns.Markov p) {
      return markov(p.slow(), p.recover(), p.factor());
    } else if (pattern instanceof TaskPatterns.SlowTask) {
      throw new IllegalArgumentException(
          pattern.spec()
              + " draws per task attempt; the model's patterns are machine-level (one factor per"
              + " executor and iteration)");
    } else if (pattern instanceof DisruptedMachine p) {
      return new Delays.Disrupted(p.spec(), p.p(), p.intensity());
    }
    throw new IllegalArgumentException(pattern.spec() + " has no model");
  }

  /** The canonical spec. */
  String spec();

  /** The data load of executor {@code executor} (1 unless the pattern skews data). */
  default double load(int executor) {
    return 1.0;
  }

  /** A stream of per-iteration factors for {@code executors} executors, starting at iteration 0. */
  Sampler sampler(long seed, int executors);

  /** Draws the factors of successive iterations. */
  interface Sampler {
    /** Fills {@code factors[e]} with executor e's factor in the next iteration. */
    void next(double[] factors);
  }
}
