package org.flexcode.metrics;

/**
 * Time to a target loss: how long a run took until the first iteration whose loss reached the
 * target, the figure that compares runs whose iterations differ in speed and in quality.
 */
public final class TimeToTarget {

  private TimeToTarget() {}

  /**
   * {@code elapsedMs[i]} of the first iteration i with {@code loss[i] <= target}, or null when no
   * iteration reached it (iterations beyond the shorter array are not looked at).
   */
  public static Double of(double[] loss, double[] elapsedMs, double target) {
    int n = Math.min(loss.length, elapsedMs.length);
    for (int i = 0; i < n; i++) {
      if (loss[i] <= target) {
        return elapsedMs[i];
      }
    }
    return null;
  }
}
