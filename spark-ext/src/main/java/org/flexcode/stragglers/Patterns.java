package org.flexcode.stragglers;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.flexcode.spec.SpecText;

/** The built-in patterns (see {@link StragglerPattern}). */
final class Patterns {

  private Patterns() {}

  /** A generator for one task attempt's draw. */
  static SplittableRandom draw(long seed, long a, long b, long c) {
    long h = seed;
    for (long v : new long[] {a, b, c}) {
      h = (h ^ v) * 0x9E3779B97F4A7C15L;
      h ^= h >>> 31;
    }
    return new SplittableRandom(h);
  }

  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * Executor ids are numbers in standalone and local-cluster mode; the local driver counts as 0.
   */
  static int executorNumber(String executorId) {
    try {
      return Integer.parseInt(executorId);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** {@code ideal}: no delay. */
  record Ideal() implements StragglerPattern {
    @Override
    public String spec() {
      return PatternTable.IDEAL;
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      return 0;
    }
  }

  /** {@code slow-worker:p=P,max=M}: with probability p, a delay of U(0, max) x compute. */
  record SlowWorker(double p, double max) implements StragglerPattern {
    SlowWorker {
      check(p >= 0 && p <= 1, "slow-worker: p must be in [0, 1], got " + p);
      check(max >= 0, "slow-worker: max must be >= 0, got " + max);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.SLOW_WORKER).with("p", p).with("max", max).toString();
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      SplittableRandom r = draw(seed, partition, count, attempt);
      return r.nextDouble() < p ? Math.round(r.nextDouble() * max * ms) : 0;
    }
  }

  /** {@code power-law:alpha=A}: a Pareto-tailed delay. */
  record PowerLaw(double alpha) implements StragglerPattern {
    PowerLaw {
      check(alpha > 1, "power-law: alpha must be > 1, got " + alpha);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.POWER_LAW).with("alpha", alpha).toString();
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      double u = draw(seed, partition, count, attempt).nextDouble();
      return Math.round(ms * (Math.pow(1 - u, -1 / alpha) - 1));
    }
  }

  /** {@code persistent:k=K,factor=F}: executors below k run factor times slower. */
  record Persistent(int k, double factor) implements StragglerPattern {
    Persistent {
      check(k >= 0, "persistent: k must be >= 0, got " + k);
      check(factor >= 1, "persistent: factor must be >= 1, got " + factor);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.PERSISTENT).with("k", k).with("factor", factor).toString();
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      return executorNumber(executor) < k ? Math.round((factor - 1) * ms) : 0;
    }
  }

  /** {@code heavy-tail}: a quarter of the tasks slow, 80% of those moderately. */
  record HeavyTail() implements StragglerPattern {
    @Override
    public String spec() {
      return PatternTable.HEAVY_TAIL;
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      SplittableRandom r = draw(seed, partition, count, attempt);
      if (r.nextDouble() >= 0.25) {
        return 0;
      }
      double factor = r.nextDouble() < 0.8 ? r.nextDouble(1.5, 2.5) : r.nextDouble(2.5, 10.0);
      return Math.round((factor - 1) * ms);
    }
  }

  /** {@code disrupted-machine:p=P,interval=MS}: CPU-hog intervals on random executors. */
  record DisruptedMachine(double p, long intervalMs) implements StragglerPattern {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    DisruptedMachine {
      check(p >= 0 && p <= 1, "disrupted-machine: p must be in [0, 1], got " + p);
      check(intervalMs >= 10, "disrupted-machine: interval must be >= 10 ms, got " + intervalMs);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.DISRUPTED_MACHINE)
          .with("p", p)
          .with("interval", intervalMs)
          .toString();
    }

    @Override
    public long delayMs(
        long seed, int partition, String executor, int count, int attempt, long ms) {
      return 0; // the slowdown is real CPU contention from the hog threads
    }

    /** Whether {@code executor} is disrupted during interval number {@code interval}. */
    boolean disrupted(long seed, String executor, long interval) {
      return draw(seed, executor.hashCode(), interval, 7).nextDouble() < p;
    }

    @Override
    public void startOnExecutor(long seed, String executor) {
      if (p == 0 || !STARTED.compareAndSet(false, true)) {
        return;
      }
      Thread scheduler =
          new Thread(
              () -> {
                int cores = Runtime.getRuntime().availableProcessors();
                while (!Thread.currentThread().isInterrupted()) {
                  long now = System.currentTimeMillis();
                  long interval = now / intervalMs;
                  long end = (interval + 1) * intervalMs;
                  if (disrupted(seed, executor, interval)) {
                    Thread[] hogs = new Thread[cores];
                    for (int c = 0; c < cores; c++) {
                      hogs[c] = new Thread(() -> spin(end), "flexcode-cpu-hog-" + c);
                      hogs[c].setDaemon(true);
                      hogs[c].start();
                    }
                    for (Thread hog : hogs) {
                      try {
                        hog.join();
                      } catch (InterruptedException e) {
                        return;
                      }
                    }
                  } else {
                    try {
                      Thread.sleep(Math.max(1, end - System.currentTimeMillis()));
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                }
              },
              "flexcode-disrupted-machine");
      scheduler.setDaemon(true);
      scheduler.start();
    }

    /** Keeps the hog loop's result observable, so the JIT cannot drop the work. */
    private static volatile double sink;

    private static void spin(long untilMs) {
      double x = 1;
      while (System.currentTimeMillis() < untilMs) {
        for (int i = 0; i < 10_000; i++) {
          x = x * 1.0000001 + 1e-9;
        }
      }
      sink = x;
    }
  }
}
