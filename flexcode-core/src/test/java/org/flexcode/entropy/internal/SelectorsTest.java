package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.entropy.internal.TestBlocks.Point;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SelectorsTest {

  private static final double[] FRACTIONS = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5};

  @Test
  void parsesSelectorNames() {
    assertEquals("entropy", Selectors.parse("entropy").name());
    assertEquals("random", Selectors.parse(" Random ").name());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Selectors.parse("bogus"));
    assertEquals("unknown subset selector 'bogus': expected entropy or random", e.getMessage());
  }

  @Test
  void entropySubsetsAreAtLeastAsRichAsRandomOnA9a() {
    assertEntropyAtLeastRandom(TestBlocks.blocks(TestBlocks.a9a(4000), 1000));
  }

  @Test
  void entropySubsetsAreAtLeastAsRichAsRandomOnAvazu() {
    assertEntropyAtLeastRandom(TestBlocks.blocks(TestBlocks.avazu(4000), 1000));
  }

  private static void assertEntropyAtLeastRandom(List<List<Point>> blocks) {
    assertEquals(4, blocks.size());
    double entropyTotal = 0;
    double randomTotal = 0;
    for (int b = 0; b < blocks.size(); b++) {
      int[] colours = TestBlocks.lrColouring().colours(blocks.get(b));
      for (double fraction : FRACTIONS) {
        int budget = (int) Math.round(fraction * colours.length);
        for (long seed = 0; seed < 3; seed++) {
          double entropy =
              JointEntropy.ofSubset(
                  colours, Selectors.entropy().select(colours, budget, seed).indices());
          double random =
              JointEntropy.ofSubset(
                  colours, Selectors.random().select(colours, budget, seed).indices());
          assertTrue(
              entropy >= random - 1e-12,
              String.format(
                  "block %d fraction %.2f seed %d: entropy %.4f < random %.4f",
                  b, fraction, seed, entropy, random));
          entropyTotal += entropy;
          randomTotal += random;
        }
      }
    }
    assertTrue(entropyTotal > randomTotal, entropyTotal + " vs " + randomTotal);
  }
}
