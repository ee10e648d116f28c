package org.flexcode.metrics;

import java.util.Arrays;

/**
 * Summary figures of a sample (iteration times, task times) as every report states them: the mean
 * median and nearest-rank percentiles.
 */
public final class SampleStats {

  private SampleStats() {}

  /**
   * The q-quantile by nearest rank: the value at rank ceil(q n) of the sorted sample (clamped to
   * 1..n), or null when the sample is empty.
   */
  public static Double percentile(double[] values, double q) {
    if (values.length == 0) {
      return null;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** The median (the mean of the middle two of an even sample), or NaN for an empty sample. */
  public static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The arithmetic mean, or NaN for a null or empty sample. */
  public static double mean(double[] values) {
    return values == null || values.length == 0
        ? Double.NaN
        : Arrays.stream(values).average().orElse(Double.NaN);
  }
}
