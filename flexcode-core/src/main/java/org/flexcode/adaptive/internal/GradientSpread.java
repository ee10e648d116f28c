package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.flexcode.metrics.SampleStats;

/**
 * How much the workers' gradients differ, and so how much of an exact iteration's progress an
 * iteration keeps when it leaves the b slowest workers out ({@link ModeChooser}'s ignore).
 *
 * <p>Worker w's statistic sums its R_w records' gradients: G_w, its mean gradient mu_w = G_w / R_w;
 * the data's is mu = sum G_w / sum R_w. The relative spread of one iteration is rho = S^2 / |mu|^2,
 * with S^2 = n / (n - 1) x sum_w (R_w / R) |mu_w - mu|^2 over the n workers that reported (the
 * record-weighted variance of the workers' means). Leaving b of n equal workers out at random
 * estimates mu with variance (b / n) S^2 / (n - b), relative noise r(b) = b rho / (n (n - b)). A
 * gradient step of length 1 / L (L the gradient's Lipschitz constant) along an estimate with
 * relative noise r lowers the loss by (1 - r) of the exact step's decrease (the cross term averages
 * out; the noise adds r |mu|^2 to the squared step), so ignore's progress per iteration is q(b) = 1
 * - r(b), at least 0; a shorter step loses less. The spread is the median over the last {@code
 * window} iterations that measured one.
 *
 * <p>Plain Java, not thread-safe.
 */
final class GradientSpread {

  private final int window;
  private final Deque<Double> recent = new ArrayDeque<>();

  /** A spread remembered over the last {@code window} measurements. */
  public GradientSpread(int window) {
    if (window < 1) {
      throw new IllegalArgumentException("gradient spread: window must be >= 1, got " + window);
    }
    this.window = window;
  }

  /**
   * One iteration's rho from each worker's statistic sum ({@code workerSums[w]}, null for a worker
   * that did not report) and records; NaN with fewer than two reporting workers with records, or a
   * zero mean gradient.
   */
  public static double relative(double[][] workerSums, long[] workerRecords) {
    if (workerSums.length != workerRecords.length) {
      throw new IllegalArgumentException(
          "gradient spread: "
              + workerSums.length
              + " sums for "
              + workerRecords.length
              + " workers");
    }
    double[] mean = null;
    long records = 0;
    int reporting = 0;
    for (int w = 0; w < workerSums.length; w++) {
      if (workerSums[w] == null || workerRecords[w] <= 0) {
        continue;
      }
      mean = mean == null ? new double[workerSums[w].length] : mean;
      for (int d = 0; d < mean.length; d++) {
        mean[d] += workerSums[w][d];
      }
      records += workerRecords[w];
      reporting++;
    }
    if (reporting < 2) {
      return Double.NaN;
    }
    for (int d = 0; d < mean.length; d++) {
      mean[d] /= records;
    }
    double spread = 0;
    for (int w = 0; w < workerSums.length; w++) {
      if (workerSums[w] != null && workerRecords[w] > 0) {
        double r = workerRecords[w];
        double squared = 0;
        for (int d = 0; d < mean.length; d++) {
          double diff = workerSums[w][d] / r - mean[d];
          squared += diff * diff;
        }
        spread += r / records * squared;
      }
    }
    double norm = Arrays.stream(mean).map(x -> x * x).sum();
    return norm > 0 ? spread * reporting / (reporting - 1) / norm : Double.NaN;
  }

  /** Remembers one iteration's rho (a NaN is not a measurement and is skipped). */
  public void record(double rho) {
    if (Double.isNaN(rho)) {
      return;
    }
    recent.addLast(rho);
    while (recent.size() > window) {
      recent.removeFirst();
    }
  }

  /** Whether any iteration measured a spread. */
  public boolean known() {
    return !recent.isEmpty();
  }

  /** The median rho of the remembered iterations (NaN if none). */
  public double rho() {
    return SampleStats.median(recent.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** q(b): an iteration's progress leaving out {@code b} of {@code n} workers, exact's being 1. */
  public double progress(int b, int n) {
    if (b < 0 || b >= n) {
      throw new IllegalArgumentException(
          "gradient spread: leaves out b=" + b + " of " + n + " workers");
    }
    return Math.max(0.0, 1.0 - b * rho() / ((double) n * (n - b)));
  }
}
