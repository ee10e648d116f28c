package org.flexcode.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class FractionalRepetitionCodeTest extends GradientCodeContractTest {
  @Override
  List<GradientCode> codes() {
    List<GradientCode> codes = new ArrayList<>();
    for (int n = 1; n <= MAX_N; n++) {
      for (int s = 0; s <= Math.min(MAX_S, n - 1); s++) {
        if (n % (s + 1) == 0) {
          codes.add(GradientCode.fractionalRepetition(n, s));
        }
      }
    }
    return codes;
  }

  @Test
  void decodesFromOneArrivalPerGroupWithZeroOneCoefficients() {
    GradientCode code = GradientCode.fractionalRepetition(12, 2);
    BitSet finished = new BitSet();
    finished.set(2); // group 0 = tasks 0..2
    finished.set(3); // group 1
    finished.set(8); // group 2
    finished.set(10); // group 3
    assertTrue(code.isDecodable(finished));
    Decoding decoding = code.decode(finished);
    assertTrue(decoding.exact());
    assertEquals(finished, decoding.usedTasks());
    for (int i = 0; i < 12; i++) {
      assertEquals(finished.get(i) ? 1.0 : 0.0, decoding.coefficient(i));
    }
  }

  @Test
  void servesThousandsOfTasks() {
    GradientCode code = GradientCode.fractionalRepetition(10_000, 3);
    BitSet finished = new BitSet();
    for (int g = 0; g < 2_500; g++) {
      finished.set(4 * g + (g % 4));
    }
    assertTrue(code.isDecodable(finished));
    assertEquals(2_500, code.decode(finished).usedTasks().cardinality());
    finished.clear(9_999 - 3 + (2_499 % 4));
    assertEquals(Math.sqrt(4), code.decode(finished).residual(), 1e-12);
  }

  @Test
  void rejectsTolerancesThatDoNotDivideTheTaskCount() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> GradientCode.fractionalRepetition(10, 2));
    assertTrue(e.getMessage().contains("s+1=3 must divide numTasks n=10"), e.getMessage());
  }
}
