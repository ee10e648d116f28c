package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class LbfgsTest {

  /** f(x) = 0.5 sum_d c_d (x_d - a_d)^2. */
  static SmoothObjective quadratic(double[] a, double[] c) {
    return (x, gradient) -> {
      double f = 0;
      for (int d = 0; d < x.length; d++) {
        gradient[d] = c[d] * (x[d] - a[d]);
        f += 0.5 * c[d] * (x[d] - a[d]) * (x[d] - a[d]);
      }
      return f;
    };
  }

  @Test
  void findsTheMinimumOfAQuadraticAndRecordsTheInitialValueFirst() {
    double[] a = {1, -2, 3};
    Solution s =
        Lbfgs.minimize(quadratic(a, new double[] {1, 10, 100}), new double[3], 100, 1e-10, null);
    assertArrayEquals(a, s.x(), 1e-6);
    assertEquals(0.5 * (1 + 40 + 900), s.history()[0], 1e-9);
    assertEquals(0.0, s.history()[s.history().length - 1], 1e-9);
  }

  @Test
  void owlqnSoftThresholdsWithL1Weights() {
    // min 0.5 (x - a)^2 + l |x| = sign(a) max(|a| - l, 0) per coordinate.
    double[] a = {2, -0.5, -3};
    double[] l1 = {0.5, 1.0, 1.0};
    Solution s =
        Lbfgs.minimize(quadratic(a, new double[] {1, 1, 1}), new double[3], 100, 1e-10, l1);
    assertArrayEquals(new double[] {1.5, 0.0, -2.0}, s.x(), 1e-6);
  }
}
