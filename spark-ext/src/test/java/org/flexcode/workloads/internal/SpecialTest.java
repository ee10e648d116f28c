package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SpecialTest {

  private static final double EULER_GAMMA = 0.5772156649015329;

  /** Breeze's digamma is an asymptotic series with recurrence: about 3e-9 absolute near 1. */
  private static final double DIGAMMA_ACCURACY = 1e-8;

  @Test
  void breezeSpecialFunctionsMatchKnownValues() {
    assertEquals(-EULER_GAMMA, Special.digamma(1.0), DIGAMMA_ACCURACY);
    assertEquals(-EULER_GAMMA - 2 * Math.log(2), Special.digamma(0.5), DIGAMMA_ACCURACY);
    assertEquals(1 - EULER_GAMMA, Special.digamma(2.0), DIGAMMA_ACCURACY);
    assertEquals(Math.PI * Math.PI / 6, Special.trigamma(1.0), 1e-9);
    assertEquals(Math.PI * Math.PI / 2, Special.trigamma(0.5), 1e-9);
    assertEquals(0.5 * Math.log(Math.PI), Special.lgamma(0.5), 1e-12);
    assertEquals(Math.log(362880), Special.lgamma(10.0), 1e-10);
  }

  @Test
  void gammaDrawsHaveTheRightMeanAndVarianceAndRepeatForTheSameSeed() {
    for (double shape : new double[] {100, 2.5, 0.5}) {
      SplittableRandom random = new SplittableRandom(42);
      int n = 40_000;
      double sum = 0;
      double squares = 0;
      for (int i = 0; i < n; i++) {
        double x = Special.gamma(random, shape, 1 / shape);
        sum += x;
        squares += x * x;
      }
      double mean = sum / n;
      double variance = squares / n - mean * mean;
      assertEquals(1.0, mean, 0.02, "mean of Gamma(" + shape + ", 1/" + shape + ")");
      assertEquals(1 / shape, variance, 0.1 / shape + 0.005, "variance, shape " + shape);
    }
    assertEquals(
        Special.gamma(new SplittableRandom(7), 100, 0.01),
        Special.gamma(new SplittableRandom(7), 100, 0.01));
  }

  @Test
  void uniformsFromSeedsAreSpreadOverTheUnitInterval() {
    int below = 0;
    for (int id = 0; id < 10_000; id++) {
      double u = Special.uniform(Special.seed(3, 1, id));
      assertEquals(0.5, u, 0.5);
      if (u < 0.25) {
        below++;
      }
    }
    assertEquals(2500, below, 150);
  }
}
