package org.flexcode.stragglers;

import java.util.SplittableRandom;
import org.flexcode.spec.SpecText;

/**
 * The study's worker-level patterns: a factor per (seed, executor, iteration), the same for every
 * task the executor runs in that iteration (see {@link StragglerPattern}).
 */
public final class WorkerPatterns {

  private WorkerPatterns() {}

  private static SplittableRandom draw(long seed, TaskSlot slot) {
    return Draws.worker(seed, slot.executor(), slot.iteration());
  }

  /** {@code slow-worker:p=P,max=M}: with probability p an executor is slowed by 1 + U(0, max). */
  public record SlowWorker(double p, double max) implements StragglerPattern {
    public SlowWorker {
      Draws.check(p >= 0 && p <= 1, "slow-worker: p must be in [0, 1], got " + p);
      Draws.check(max >= 0, "slow-worker: max must be >= 0, got " + max);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.SLOW_WORKER).with("p", p).with("max", max).toString();
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      SplittableRandom r = draw(seed, slot);
      return r.nextDouble() < p ? 1 + r.nextDouble() * max : 1;
    }
  }

  /** {@code power-law:alpha=A}: factor (1 - u)^(-1/alpha), a Pareto tail of index alpha. */
  public record PowerLaw(double alpha) implements StragglerPattern {
    public PowerLaw {
      Draws.check(alpha > 1, "power-law: alpha must be > 1, got " + alpha);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.POWER_LAW).with("alpha", alpha).toString();
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      return Math.pow(1 - draw(seed, slot).nextDouble(), -1 / alpha);
    }
  }

  /** {@code value} on executors numbered below k, 1 elsewhere (and on unnumbered ones). */
  private static double belowK(TaskSlot slot, int k, double value) {
    int number = slot.executorNumber();
    return number >= 0 && number < k ? value : 1;
  }

  /** Checks a pattern {@code name:k=K,key=V} that scales executors below k: k >= 0, V >= 1. */
  private static void checkBelowK(String name, int k, String key, double value) {
    Draws.check(k >= 0, name + ": k must be >= 0, got " + k);
    Draws.check(value >= 1, name + ": " + key + " must be >= 1, got " + value);
  }

  /** The spec {@code name:k=K,key=V} of a pattern that scales executors below k. */
  private static String belowKSpec(String name, int k, String key, double value) {
    return SpecText.of(name).with("k", k).with(key, value).toString();
  }

  /** {@code persistent:k=K,factor=F}: executors numbered below k run factor times slower. */
  public record Persistent(int k, double factor) implements StragglerPattern {
    public Persistent {
      checkBelowK(PatternTable.PERSISTENT, k, "factor", factor);
    }

    @Override
    public String spec() {
      return belowKSpec(PatternTable.PERSISTENT, k, "factor", factor);
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      return belowK(slot, k, factor);
    }
  }

  /**
   * {@code skew:k=K,load=L}: executors numbered below k hold L times more data (placement skew),
   * modelled as their tasks' compute scaled by L.
   */
  public record Skew(int k, double load) implements StragglerPattern {
    public Skew {
      checkBelowK(PatternTable.SKEW, k, "load", load);
    }

    @Override
    public String spec() {
      return belowKSpec(PatternTable.SKEW, k, "load", load);
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      return belowK(slot, k, load);
    }
  }

  /** {@code heavy-tail}: a quarter of the executors slow, 80% of those 1.5-2.5x, 20% 2.5-10x. */
  public record HeavyTail() implements StragglerPattern {
    @Override
    public String spec() {
      return PatternTable.HEAVY_TAIL;
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      SplittableRandom r = draw(seed, slot);
      if (r.nextDouble() >= 0.25) {
        return 1;
      }
      return r.nextDouble() < 0.8 ? r.nextDouble(1.5, 2.5) : r.nextDouble(2.5, 10.0);
    }
  }

  /**
   * {@code markov:slow=S,recover=R,factor=F}: each executor a two-state chain over iterations
   * (GC-DC's time-correlated stragglers): fast to slow with probability S, slow to fast with
   * probability R, the first state drawn from the stationary law (slow with probability S / (S +
   * R)). The state at iteration t is replayed from iteration 0 with the executor's own seeded
   * generator ({@link MarkovChains}), so it is the same in every JVM.
   */
  public record Markov(double slow, double recover, double factor) implements StragglerPattern {
    public Markov {
      Draws.check(slow >= 0 && slow <= 1, "markov: slow must be in [0, 1], got " + slow);
      Draws.check(recover > 0 && recover <= 1, "markov: recover must be in (0, 1], got " + recover);
      Draws.check(factor >= 1, "markov: factor must be >= 1, got " + factor);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.MARKOV)
          .with("slow", slow)
          .with("recover", recover)
          .with("factor", factor)
          .toString();
    }

    /** The stationary share of slow iterations, slow / (slow + recover). */
    double slowShare() {
      return slow / (slow + recover);
    }

    /** Whether {@code executor} is slow in iteration {@code iteration} (0 or later). */
    boolean isSlow(long seed, String executor, int iteration) {
      return MarkovChains.isSlow(this, seed, executor, Math.max(0, iteration));
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      return isSlow(seed, slot.executor(), slot.iteration()) ? factor : 1;
    }
  }
}
