package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine's CPU time counters from the first line of {@code /proc/stat} (all cores, in clock
 * ticks): read before and after a bench row, they give the share of the machine's CPU time that was
 * busy during the row, {@code 1 - (idle + iowait) / total} over the interval.
 *
 * @param busy ticks spent neither idle nor waiting for I/O
 * @param total all ticks
 */
record CpuTimes(long busy, long total) {

  /** Rows whose utilization exceeds this share measure the machine's CPU, not stragglers. */
  static final double CPU_BOUND = 0.6;

  private static final Path PROC_STAT = Path.of("/proc/stat");

  /** The counters now, or null where {@code /proc/stat} cannot be read (not Linux). */
  static CpuTimes read() {
    try {
      List<String> lines = Files.readAllLines(PROC_STAT);
      return lines.isEmpty() ? null : parse(lines.get(0));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The counters of a {@code cpu user nice system idle iowait irq softirq steal ...} line (guest
   * times are already inside user and nice, so they are not added again).
   */
  static CpuTimes parse(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 5 || !f[0].equals("cpu")) {
      throw new IllegalArgumentException("not the cpu line of /proc/stat: '" + line + "'");
    }
    long total = 0;
    int fields = Math.min(f.length, 9); // user .. steal
    for (int i = 1; i < fields; i++) {
      total += Long.parseLong(f[i]);
    }
    long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
    return new CpuTimes(total - idle, total);
  }

  /**
   * The busy share of the machine's CPU time from {@code before} to {@code after}, in [0, 1]; null
   * when either is missing or no time passed.
   */
  static Double utilization(CpuTimes before, CpuTimes after) {
    if (before == null || after == null || after.total <= before.total) {
      return null;
    }
    double share = (double) (after.busy - before.busy) / (after.total - before.total);
    return Math.max(0, Math.min(1, share));
  }
}
