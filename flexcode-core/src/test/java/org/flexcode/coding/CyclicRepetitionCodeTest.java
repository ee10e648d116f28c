package org.flexcode.coding;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class CyclicRepetitionCodeTest extends GradientCodeContractTest {
  @Override
  List<GradientCode> codes() {
    List<GradientCode> codes = new ArrayList<>();
    for (int n = 1; n <= MAX_N; n++) {
      for (int s = 0; s <= Math.min(MAX_S, n - 1); s++) {
        codes.add(GradientCode.cyclicRepetition(n, s));
      }
    }
    return codes;
  }

  @Test
  void rejectsTaskCountsBeyondTheMeasuredLimitAndPointsToFrc() {
    int tooMany = GradientCode.MAX_CYCLIC_TASKS + 1;
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> GradientCode.cyclicRepetition(tooMany, 1));
    assertTrue(e.getMessage().contains("n=" + tooMany), e.getMessage());
    assertTrue(e.getMessage().contains("frc"), e.getMessage());
  }
}
