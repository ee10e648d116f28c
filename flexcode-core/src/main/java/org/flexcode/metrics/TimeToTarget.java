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
    Integer i = iterationOf(loss, elapsedMs.length, target);
    return i == null ? null : elapsedMs[i];
  }

  /**
   * The first i below {@code entries} with {@code loss[i] <= target} (the loss after i updates), or
   * null when no entry reached it.
   */
  public static Integer iterationOf(double[] loss, int entries, double target) {
    int n = Math.min(loss.length, entries);
    for (int i = 0; i < n; i++) {
      if (loss[i] <= target) {
        return i;
      }
    }
    return null;
  }

  /** How many iterations beyond the last {@link #extrapolated} may reach: one. */
  public static final double MAX_EXTRA_ITERATIONS = 1.0;

  /** The iterations the extrapolation reads its rate from: the last three. */
  static final int RATE_ITERATIONS = 3;

  /**
   * {@link #of}, or, when no iteration reached the target but the last one came within one
   * iteration's progress of it, the time it would take at the last iterations' pace: the last
   * elapsed time plus x mean iteration ms, x = (last loss - target) / mean loss decrease per
   * iteration over the last three (x <= 1). A run cut off 0.03 iterations short of the target is
   * not a run that never reaches it. Null if the loss does not decrease or x > 1.
   */
  public static Double extrapolated(double[] loss, double[] elapsedMs, double target) {
    Double reached = of(loss, elapsedMs, target);
    int n = Math.min(loss.length, elapsedMs.length);
    if (reached != null || n <= RATE_ITERATIONS) {
      return reached;
    }
    int from = n - 1 - RATE_ITERATIONS;
    double decrease = (loss[from] - loss[n - 1]) / RATE_ITERATIONS;
    double iterationMs = (elapsedMs[n - 1] - elapsedMs[from]) / RATE_ITERATIONS;
    double extra = (loss[n - 1] - target) / decrease;
    if (!(decrease > 0) || !(extra <= MAX_EXTRA_ITERATIONS)) {
      return null;
    }
    return elapsedMs[n - 1] + extra * iterationMs;
  }
}
