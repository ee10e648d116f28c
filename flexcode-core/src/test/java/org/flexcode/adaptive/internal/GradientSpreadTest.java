package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class GradientSpreadTest {

  @Test
  void rhoIsTheWorkersVarianceOverTheSquaredMeanGradient() {
    // Means (1, 0) and (3, 0) over 10 records each: mu = (2, 0), S^2 = 2 x (1 + 1) / 2 = 2.
    double[][] sums = {{10, 0}, {30, 0}};
    assertEquals(0.5, GradientSpread.relative(sums, new long[] {10, 10}), 1e-12);
    GradientSpread spread = new GradientSpread(5);
    spread.record(0.5);
    assertEquals(0.75, spread.progress(1, 2), 1e-12, "1 - 1 x 0.5 / (2 x 1)");
    assertEquals(1.0, spread.progress(0, 2), 1e-12, "leaving nobody out is exact");
  }

  @Test
  void agreeingWorkersKeepEveryIterationsProgress() {
    double[][] sums = {{1, 2}, {2, 4}, null, {3, 6}};
    double rho = GradientSpread.relative(sums, new long[] {1, 2, 5, 3});
    assertEquals(0.0, rho, 1e-12, "same mean gradient; the missing worker is not counted");
    assertTrue(
        Double.isNaN(GradientSpread.relative(new double[][] {{1}, null}, new long[] {1, 1})));
    assertTrue(Double.isNaN(GradientSpread.relative(new double[][] {{0}, {0}}, new long[] {1, 1})));
  }

  /**
   * The noise of leaving b of n equal workers out, averaged over every subset, is b rho / (n (n -
   * b)).
   */
  @Test
  void theNoiseFormulaMatchesEverySubsetOfEqualWorkers() {
    int n = 6;
    int dims = 3;
    SplittableRandom random = new SplittableRandom(7);
    double[][] sums = new double[n][dims];
    long[] records = new long[n];
    double[] mu = new double[dims];
    for (int w = 0; w < n; w++) {
      records[w] = 4;
      for (int d = 0; d < dims; d++) {
        sums[w][d] = 4 * (1 + random.nextGaussian());
        mu[d] += sums[w][d] / (4.0 * n);
      }
    }
    double rho = GradientSpread.relative(sums, records);
    double norm = mu[0] * mu[0] + mu[1] * mu[1] + mu[2] * mu[2];
    for (int b = 1; b < n; b++) {
      double total = 0;
      int subsets = 0;
      for (int mask = 0; mask < 1 << n; mask++) {
        if (Integer.bitCount(mask) != n - b) {
          continue;
        }
        double[] estimate = new double[dims];
        for (int w = 0; w < n; w++) {
          for (int d = 0; (mask >> w & 1) == 1 && d < dims; d++) {
            estimate[d] += sums[w][d] / (4.0 * (n - b));
          }
        }
        for (int d = 0; d < dims; d++) {
          total += (estimate[d] - mu[d]) * (estimate[d] - mu[d]);
        }
        subsets++;
      }
      double noise = total / subsets / norm;
      assertEquals(b * rho / (n * (n - b)), noise, 1e-9, "b=" + b);
    }
  }

  @Test
  void theSpreadIsTheMedianOfTheLastWindowMeasurements() {
    GradientSpread spread = new GradientSpread(3);
    assertFalse(spread.known());
    assertTrue(Double.isNaN(spread.rho()));
    spread.record(Double.NaN);
    assertFalse(spread.known(), "a NaN is no measurement");
    for (double rho : new double[] {100, 1, 4, 2}) {
      spread.record(rho);
    }
    assertEquals(2.0, spread.rho(), 1e-12, "median of 1, 4, 2 (100 forgotten)");
    GradientSpread wide = new GradientSpread(1);
    wide.record(1000);
    assertEquals(0.0, wide.progress(3, 4), "never below 0");
    assertThrows(IllegalArgumentException.class, () -> spread.progress(4, 4));
    assertThrows(IllegalArgumentException.class, () -> new GradientSpread(0));
  }
}
