package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class ConvergenceTest {

  @Test
  void comparesTheStepWithTheNormOfThePoint() {
    double[] x = {30, 40}; // norm 50
    assertTrue(Convergence.isSmallStep(new double[] {0.03, 0.04}, x, 0.0011)); // 0.05 < 0.055
    assertFalse(Convergence.isSmallStep(new double[] {0.03, 0.04}, x, 0.0009)); // 0.05 >= 0.045
  }

  @Test
  void isAbsoluteNearTheOrigin() {
    double[] x = {0.001, 0};
    assertTrue(Convergence.isSmallStep(new double[] {0.0009, 0}, x, 0.001));
    assertFalse(Convergence.isSmallStep(new double[] {0.0011, 0}, x, 0.001));
  }

  @Test
  void aZeroToleranceNeverStops() {
    assertFalse(Convergence.isSmallStep(new double[] {0, 0}, new double[] {1, 1}, 0.0));
  }
}
