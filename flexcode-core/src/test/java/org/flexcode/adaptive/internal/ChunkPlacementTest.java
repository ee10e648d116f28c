package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The placement of chunk copies the engine and the model share. */
@Tag("unit")
class ChunkPlacementTest {

  @Test
  void copyZeroIsTheHomeAndCopyKSitsOnTheKthNeighbourShiftedByThePiece() {
    // M = 8, home 6: piece 0 has copies on 7, 0; piece 1 on 0, 1; piece 3 on 2, 3
    assertEquals(6, ChunkPlacement.holderOf(6, 2, 0, 8));
    assertEquals(7, ChunkPlacement.holderOf(6, 0, 1, 8));
    assertEquals(0, ChunkPlacement.holderOf(6, 0, 2, 8));
    assertEquals(0, ChunkPlacement.holderOf(6, 1, 1, 8));
    assertEquals(1, ChunkPlacement.holderOf(6, 1, 2, 8));
    assertEquals(2, ChunkPlacement.holderOf(6, 3, 1, 8));
    assertEquals(3, ChunkPlacement.holderOf(6, 3, 2, 8));
  }

  @Test
  void aChunksCopiesSitOnDistinctExecutorsWhenTheyFit() {
    for (int m = 2; m <= 9; m++) {
      for (int home = 0; home < m; home++) {
        for (int piece = 0; piece < 6; piece++) {
          Set<Integer> holders = new HashSet<>();
          for (int k = 0; k < m; k++) {
            holders.add(ChunkPlacement.holderOf(home, piece, k, m));
          }
          assertEquals(m, holders.size(), "M " + m + ", home " + home + ", piece " + piece);
        }
      }
    }
  }

  @Test
  void oneExecutorHoldsEveryCopyAndBadArgumentsAreRefused() {
    assertEquals(0, ChunkPlacement.holderOf(0, 3, 2, 1));
    assertThrows(IllegalArgumentException.class, () -> ChunkPlacement.holderOf(8, 0, 1, 8));
    assertThrows(IllegalArgumentException.class, () -> ChunkPlacement.holderOf(0, -1, 1, 8));
    assertThrows(IllegalArgumentException.class, () -> ChunkPlacement.holderOf(0, 0, 1, 0));
  }
}
