package org.flexcode.aggregation;

import java.lang.management.ManagementFactory;

/**
 * How busy other processes keep the CPU of the host an executor runs on, as its tasks report it in
 * their {@link PartialResult}: the host's busy share (0 to 1) since the previous sample less this
 * JVM's own, taken at most every {@link #MIN_INTERVAL_MS} (a shorter interval is mostly noise, so a
 * task finishing soon after another on the same executor reports the same sample), or NaN where the
 * JVM cannot tell. An executor with cores of its own reports about 0 however hard its tasks compute
 * (in a container the JVM measures the container's share); executors sharing a host's cores report
 * each other's load. The driver reads it to tell an idle holder that has cores to spare from one
 * whose cores the other executors use, where a copy would slow the very work it is meant to
 * relieve.
 */
public final class OthersCpuLoad {

  /** Samples closer together than this repeat the previous one. */
  static final long MIN_INTERVAL_MS = 100;

  private static final com.sun.management.OperatingSystemMXBean OS = bean();
  private static long lastSampleMs = System.currentTimeMillis();
  private static double last = prime();

  private OthersCpuLoad() {}

  /** Other processes' share of the host's CPU since the previous sample (0 to 1), or NaN. */
  public static synchronized double recent() {
    long now = System.currentTimeMillis();
    if (OS != null && now - lastSampleMs >= MIN_INTERVAL_MS) {
      double host = OS.getCpuLoad();
      double own = OS.getProcessCpuLoad();
      last = host >= 0 && own >= 0 ? Math.min(1, Math.max(0, host - own)) : Double.NaN;
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
      OS.getProcessCpuLoad();
    }
    return Double.NaN;
  }
}
