package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.copies.internal.StealRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link StealReplay}: three one-core executors, three blocks of two chunks, two copies each
 * (chunks 0..5 = tasks 0..5, their second copies tasks 6..11), as the engine's agreement case runs.
 */
@Tag("unit")
class StealReplayTest {

  private static final int COPIES = 12;

  private static StealReplay replay(String spec, double baseMs) {
    return new StealReplay(AggregationStrategy.parse(spec), 3, 1, 3, baseMs);
  }

  private static double[] slow(int task, double ms) {
    double[] delays = new double[COPIES];
    delays[task] = ms;
    return delays;
  }

  @Test
  void withoutDelaysEveryChunkIsUsedFromItsHomeCopyAndNothingMoves() {
    StealReplay.Replayed replayed =
        replay("steal:r=2,chunks=2,home=chunks", 50).next(new double[COPIES]);
    BitSet homes = new BitSet();
    homes.set(0, 6);
    assertEquals(homes, replayed.used());
    assertEquals(List.of(), replayed.record().moves());
  }

  @Test
  void aSlowChunkMovesLateToItsOtherHolder() {
    StealReplay.Replayed replayed =
        replay("steal:r=2,chunks=2,home=chunks", 50).next(slow(3, 3000));
    assertTrue(replayed.used().get(6 + 3), "chunk 3's copy used: " + replayed.used());
    assertTrue(!replayed.used().get(3), "chunk 3's home copy not used: " + replayed.used());
    StealRecord.Move move = replayed.record().moves().get(0);
    assertEquals(
        List.of(3, 3, 9, true), List.of(move.chunk(), move.fromTask(), move.toTask(), move.late()));
    assertTrue(replayed.endMs() < 3000, "ends before the straggler: " + replayed.endMs());
  }

  @Test
  void aSlowBlockTasksChunksBothMove() {
    StealReplay.Replayed replayed = replay("steal:r=2,chunks=2,home=block", 50).next(slow(2, 3000));
    assertEquals(
        List.of(2, 3),
        replayed.record().moves().stream().map(StealRecord.Move::chunk).sorted().toList(),
        replayed.record().toString());
    assertTrue(replayed.used().get(8) && replayed.used().get(9), replayed.used().toString());
  }

  /** What the engine agreement case relies on: the base launch time does not change a decision. */
  @Test
  void theDecisionsDoNotDependOnTheBaseTime() {
    for (String spec : List.of("steal:r=2,chunks=2,home=chunks", "steal:r=2,chunks=2,home=block")) {
      StealReplay fast = replay(spec, 20);
      StealReplay slowBase = replay(spec, 200);
      for (int it = 0; it < 6; it++) {
        double[] delays = slow(it, 2000 + 300 * it);
        StealReplay.Replayed a = fast.next(delays);
        StealReplay.Replayed b = slowBase.next(delays);
        assertEquals(a.used(), b.used(), spec + " iteration " + it);
        assertEquals(a.record().moves(), b.record().moves(), spec + " iteration " + it);
      }
    }
  }

  @Test
  void delaysForTheWrongNumberOfCopiesAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> replay("steal:r=2,chunks=2", 50).next(new double[5]));
    assertEquals("steal replay: 5 delays for 12 chunk copies", e.getMessage());
  }
}
