package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class JointEntropyTest {

  @Test
  void matchesHandComputedEntropies() {
    assertEquals(1.0, JointEntropy.of(new int[] {0, 0, 1, 1}), 1e-12);
    assertEquals(2.0, JointEntropy.of(new int[] {0, 1, 2, 3}), 1e-12);
    // -(3/4) log2(3/4) - (1/4) log2(1/4)
    assertEquals(0.8112781244591328, JointEntropy.of(new int[] {0, 0, 0, 1}), 1e-12);
    assertEquals(0.0, JointEntropy.of(new int[] {5, 5, 5}), 1e-12);
    assertEquals(0.0, JointEntropy.of(new int[0]), 0.0);
  }

  @Test
  void dependsOnlyOnTheColourCountsNotOnIdsOrOrder() {
    assertEquals(
        JointEntropy.of(new int[] {0, 0, 1, 2}), JointEntropy.of(new int[] {-3, 100, 7, 7}), 1e-12);
  }

  @Test
  void subsetEntropyUsesOnlyThePickedRecords() {
    int[] colours = {0, 0, 1, 1, 2, 3};
    assertEquals(2.0, JointEntropy.ofSubset(colours, new int[] {0, 2, 4, 5}), 1e-12);
    assertEquals(0.0, JointEntropy.ofSubset(colours, new int[] {0, 1}), 1e-12);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> JointEntropy.ofSubset(colours, new int[] {6}));
    assertEquals("index 6 at position 0 outside [0, 6)", e.getMessage());
  }

  @Test
  void countsDistinctColours() {
    assertEquals(3, JointEntropy.distinct(new int[] {4, 1, 4, 9, 1}));
    assertEquals(0, JointEntropy.distinct(new int[0]));
  }
}
