package org.flexcode.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The peak heap used by this JVM between two {@link #reset}s, sampled every {@value #SAMPLE_MS} ms
 * by a daemon thread from {@link MemoryMXBean#getHeapMemoryUsage}. A reset collects garbage first
 * ({@code System.gc()}), so a measurement starts from the live heap (its {@link #baselineBytes}).
 * Peaks shorter than the sampling interval can be missed.
 */
final class HeapPeak implements AutoCloseable {

  static final long SAMPLE_MS = 2;

  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final Thread sampler;
  private volatile boolean running = true;
  private volatile long peak;
  private volatile long baseline;

  HeapPeak() {
    sampler = new Thread(this::sample, "heap-peak-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** Collects garbage and starts a new measurement from the heap used after it. */
  void reset() {
    System.gc();
    baseline = used();
    peak = baseline;
  }

  /** The heap used right after the last reset. */
  long baselineBytes() {
    return baseline;
  }

  /** The most heap used since the last reset (a last sample taken now included). */
  long peakBytes() {
    observe();
    return peak;
  }

  private long used() {
    return memory.getHeapMemoryUsage().getUsed();
  }

  private void observe() {
    long now = used();
    if (now > peak) {
      peak = now;
    }
  }

  private void sample() {
    while (running) {
      observe();
      try {
        Thread.sleep(SAMPLE_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    sampler.interrupt();
  }
}
