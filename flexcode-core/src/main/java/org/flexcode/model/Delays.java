package org.flexcode.model;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.flexcode.spec.KeyedRandom;

/** The built-in machine-level patterns (see {@link MachineDelays}). */
final class Delays {

  private Delays() {}

  /** A memoryless pattern: each (executor, iteration) draws its factor independently. */
  abstract static class Memoryless implements MachineDelays {
    abstract double factor(SplittableRandom r, int executor);

    @Override
    public Sampler sampler(long seed, int executors) {
      int[] iteration = {0};
      return factors -> {
        int it = iteration[0]++;
        for (int e = 0; e < factors.length; e++) {
          factors[e] = factor(KeyedRandom.of(seed, e, it, 0x5eed), e);
        }
      };
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  static final class Ideal extends Memoryless {
    @Override
    public String spec() {
      return "ideal";
    }

    @Override
    public Sampler sampler(long seed, int executors) {
      return factors -> Arrays.fill(factors, 1.0);
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      return 1.0;
    }
  }

  static final class SlowWorker extends Memoryless {
    private final double p;
    private final double max;

    SlowWorker(double p, double max) {
      Checks.check(p >= 0 && p <= 1, "slow-worker: p must be in [0, 1], got " + p);
      Checks.check(max >= 0, "slow-worker: max must be >= 0, got " + max);
      this.p = p;
      this.max = max;
    }

    @Override
    public String spec() {
      return "slow-worker:p=" + Checks.num(p) + ",max=" + Checks.num(max);
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      return r.nextDouble() < p ? 1 + r.nextDouble() * max : 1.0;
    }
  }

  /**
   * {@code disrupted-machine}: with probability p a factor 1 + intensity. Emulated compute draws
   * exactly this per (executor, iteration); in real compute, intensity x cores hog threads share
   * each core of a disrupted executor with its task, for intervals rather than iterations.
   */
  static final class Disrupted extends Memoryless {
    private final String spec;
    private final double p;
    private final double intensity;

    Disrupted(String spec, double p, double intensity) {
      this.spec = spec;
      this.p = p;
      this.intensity = intensity;
    }

    @Override
    public String spec() {
      return spec;
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      return r.nextDouble() < p ? 1 + intensity : 1.0;
    }
  }

  static final class PowerLaw extends Memoryless {
    private final double alpha;

    PowerLaw(double alpha) {
      Checks.check(alpha > 1, "power-law: alpha must be > 1, got " + alpha);
      this.alpha = alpha;
    }

    @Override
    public String spec() {
      return "power-law:alpha=" + Checks.num(alpha);
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      return Math.pow(1 - r.nextDouble(), -1 / alpha);
    }
  }

  static final class HeavyTail extends Memoryless {
    @Override
    public String spec() {
      return "heavy-tail";
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      if (r.nextDouble() >= 0.25) {
        return 1.0;
      }
      return r.nextDouble() < 0.8 ? r.nextDouble(1.5, 2.5) : r.nextDouble(2.5, 10.0);
    }
  }

  /** {@code persistent} (k executors slower) and {@code skew} (k executors hold more data). */
  static final class Persistent extends Memoryless {
    private final int k;
    private final double factor;
    private final boolean skew;

    Persistent(int k, double factor, boolean skew) {
      String name = skew ? "skew" : "persistent";
      String what = skew ? "load" : "factor";
      Checks.check(k >= 0, name + ": k must be >= 0, got " + k);
      Checks.check(factor >= 1, name + ": " + what + " must be >= 1, got " + factor);
      this.k = k;
      this.factor = factor;
      this.skew = skew;
    }

    @Override
    public String spec() {
      return (skew ? "skew:k=" + k + ",load=" : "persistent:k=" + k + ",factor=")
          + Checks.num(factor);
    }

    @Override
    public double load(int executor) {
      return skew && executor < k ? factor : 1.0;
    }

    @Override
    double factor(SplittableRandom r, int executor) {
      return !skew && executor < k ? factor : 1.0;
    }
  }

  static final class Markov implements MachineDelays {
    private final double slow;
    private final double recover;
    private final double factor;

    Markov(double slow, double recover, double factor) {
      Checks.check(slow >= 0 && slow <= 1, "markov: slow must be in [0, 1], got " + slow);
      Checks.check(
          recover > 0 && recover <= 1, "markov: recover must be in (0, 1], got " + recover);
      Checks.check(factor >= 1, "markov: factor must be >= 1, got " + factor);
      this.slow = slow;
      this.recover = recover;
      this.factor = factor;
    }

    @Override
    public String spec() {
      return "markov:slow="
          + Checks.num(slow)
          + ",recover="
          + Checks.num(recover)
          + ",factor="
          + Checks.num(factor);
    }

    /** The stationary share of slow executors: slow / (slow + recover). */
    double stationarySlow() {
      return slow / (slow + recover);
    }

    @Override
    public Sampler sampler(long seed, int executors) {
      boolean[] state = new boolean[executors];
      int[] iteration = {0};
      return factors -> {
        int it = iteration[0]++;
        for (int e = 0; e < factors.length; e++) {
          double u = KeyedRandom.of(seed, e, it, 0x3a4c).nextDouble();
          if (it == 0) {
            state[e] = u < stationarySlow();
          } else {
            state[e] = state[e] ? u >= recover : u < slow;
          }
          factors[e] = state[e] ? factor : 1.0;
        }
      };
    }

    @Override
    public String toString() {
      return spec();
    }
  }
}
