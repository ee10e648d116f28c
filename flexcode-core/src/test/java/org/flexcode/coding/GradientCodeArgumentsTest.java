package org.flexcode.coding;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

@Tag("unit")
class GradientCodeArgumentsTest {

  private static void assertRejected(Executable create, String expectedFragment) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, create);
    assertTrue(e.getMessage().contains(expectedFragment), e.getMessage());
  }

  @Test
  void namesTheBadValue() {
    assertRejected(() -> GradientCode.cyclicRepetition(8, -1), "s must be >= 0, got -1");
    assertRejected(
        () -> GradientCode.fractionalRepetition(4, 4), "s must be < numTasks n=4, got s=4");
    assertRejected(() -> GradientCode.uncoded(0), "n must be in [1, 4194304], got 0");
    assertRejected(() -> GradientCode.fractionalRepetition(5_000_000, 1), "got 5000000");
  }
}
