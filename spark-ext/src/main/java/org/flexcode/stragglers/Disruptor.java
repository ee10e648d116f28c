package org.flexcode.stragglers;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPU-hog threads of {@link DisruptedMachine} in one executor JVM: a scheduler thread that, per
 * interval in which the executor is disrupted, starts the hog threads and joins them at the
 * interval's end. {@link #stop} interrupts and joins every thread it started, so none is left
 * behind; the scheduler also ends by itself once no task renewed its lease for {@link #IDLE_MS}.
 */
final class Disruptor {

  /** The name prefix of every thread a disruptor starts. */
  static final String THREAD_PREFIX = "flexcode-disruptor";

  /** How long the threads outlive the last task that renewed them. */
  static final long IDLE_MS = 30_000;

  /** Keeps the hog loop's result observable, so the JIT cannot drop the work. */
  private static volatile double sink;

  private final DisruptedMachine pattern;
  private final long seed;
  private final String executor;
  private final int threads;
  private final Thread scheduler;
  private volatile boolean stopped;
  private volatile long leaseUntilMs;

  private Disruptor(DisruptedMachine pattern, long seed, String executor, int cores) {
    this.pattern = pattern;
    this.seed = seed;
    this.executor = executor;
    this.threads = pattern.hogThreads(cores);
    this.scheduler = new Thread(this::schedule, THREAD_PREFIX + "-" + executor);
    this.scheduler.setDaemon(true);
    renew();
  }

  /** Starts the scheduler of {@code pattern} for {@code executor} with {@code cores} cores. */
  static Disruptor start(DisruptedMachine pattern, long seed, String executor, int cores) {
    Disruptor disruptor = new Disruptor(pattern, seed, executor, cores);
    disruptor.scheduler.start();
    return disruptor;
  }

  /** Keeps the threads running for another {@link #IDLE_MS}. */
  void renew() {
    leaseUntilMs = System.currentTimeMillis() + IDLE_MS;
  }

  /** Whether the scheduler still runs. */
  boolean isAlive() {
    return scheduler.isAlive();
  }

  /** Stops and joins every thread this disruptor started. */
  void stop() {
    stopped = true;
    scheduler.interrupt();
    boolean interrupted = false;
    while (scheduler.isAlive()) {
      try {
        scheduler.join();
      } catch (InterruptedException e) {
        interrupted = true; // finish joining, then restore the flag
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void schedule() {
    while (!stopped && System.currentTimeMillis() < leaseUntilMs) {
      long now = System.currentTimeMillis();
      long interval = now / pattern.intervalMs();
      long end = (interval + 1) * pattern.intervalMs();
      try {
        if (pattern.disrupted(seed, executor, interval)) {
          hog(end);
        } else {
          Thread.sleep(Math.max(1, end - System.currentTimeMillis()));
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void hog(long untilMs) throws InterruptedException {
    List<Thread> hogs = new ArrayList<>(threads);
    for (int c = 0; c < threads; c++) {
      Thread hog = new Thread(() -> spin(untilMs), THREAD_PREFIX + "-hog-" + c);
      hog.setDaemon(true);
      hog.start();
      hogs.add(hog);
    }
    try {
      for (Thread hog : hogs) {
        hog.join();
      }
    } finally {
      stopped |= Thread.currentThread().isInterrupted();
      for (Thread hog : hogs) {
        hog.interrupt();
        joinQuietly(hog);
      }
    }
  }

  private static void joinQuietly(Thread thread) {
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void spin(long untilMs) {
    double x = 1;
    while (!stopped
        && !Thread.currentThread().isInterrupted()
        && System.currentTimeMillis() < untilMs) {
      for (int i = 0; i < 10_000; i++) {
        x = x * 1.0000001 + 1e-9;
      }
    }
    sink = x;
  }
}
