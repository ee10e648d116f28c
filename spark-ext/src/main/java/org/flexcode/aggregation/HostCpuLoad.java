package org.flexcode.aggregation;

import java.lang.management.ManagementFactory;

/**
 * The CPU load of the host an executor runs on, as its tasks report it in their {@link
 * PartialResult}: the busy share of the host's CPU (0 to 1) since the previous sample, taken at
 * most every {@link #MIN_INTERVAL_MS} (a shorter interval is mostly noise, so a task finishing
 * sooner after another on the same executor reports the same sample), or NaN where the JVM cannot
 * tell. The driver reads it to tell an idle holder whose host has cores to spare from one whose
 * host is saturated, where a copy would slow the very work it is meant to relieve.
 */
final class HostCpuLoad {

  /** Samples closer together than this repeat the previous one. */
  static final long MIN_INTERVAL_MS = 100;

  private static final com.sun.management.OperatingSystemMXBean OS = bean();
  private static long lastSampleMs = System.currentTimeMillis();
  private static double last = prime();

  private HostCpuLoad() {}

  /** The host's CPU load since the previous sample (0 to 1), or NaN if unknown. */
  static synchronized double recent() {
    long now = System.currentTimeMillis();
    if (OS != null && now - lastSampleMs >= MIN_INTERVAL_MS) {
      double load = OS.getCpuLoad();
      last = load >= 0 ? Math.min(1, load) : Double.NaN;
      lastSampleMs = now;
    }
    return last;
  }

  private static com.sun.management.OperatingSystemMXBean bean() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os
        : null;
  }

  /** The first reading only starts the interval; it says nothing (NaN). */
  private static double prime() {
    if (OS != null) {
      OS.getCpuLoad();
    }
    return Double.NaN;
  }
}
