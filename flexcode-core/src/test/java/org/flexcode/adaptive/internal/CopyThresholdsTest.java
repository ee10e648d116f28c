package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * When {@code steal} copies a running chunk: late x the median anywhere, earlier on idle holders.
 */
@Tag("unit")
class CopyThresholdsTest {

  /** Eight chunks, four of them in after 480-520 ms (median 510). */
  private static final List<Long> HALF_IN = List.of(520L, 480L, 510L, 500L);

  @Test
  void nothingIsDueBeforeACopyHasFinished() {
    assertNull(CopyThresholds.of(List.of(), 8, 1.5, true));
  }

  @Test
  void chunkTasksWaitTheFullLateMultipleEvenForAnIdleHolder() {
    CopyThresholds due = CopyThresholds.of(HALF_IN, 8, 1.5, false);
    assertFalse(due.dueOnIdle(700)); // 1.1 x 510 = 561 < 700 <= 1.5 x 510 = 765
    assertFalse(due.dueAnywhere(765));
    assertTrue(due.dueOnIdle(766));
    assertTrue(due.dueAnywhere(766));
  }

  @Test
  void blockTasksGoToIdleHoldersPastTheTakeoverMultipleOnceHalfTheChunksAreIn() {
    CopyThresholds due = CopyThresholds.of(HALF_IN, 8, 1.5, true);
    assertFalse(due.dueOnIdle(561));
    assertTrue(due.dueOnIdle(562));
    assertFalse(due.dueAnywhere(700), "any holder still waits for late x the median");
    assertTrue(due.dueAnywhere(766));
  }

  @Test
  void nothingIsDueWhileFewerThanHalfTheChunksAreIn() {
    for (boolean blockHome : new boolean[] {true, false}) {
      CopyThresholds due = CopyThresholds.of(HALF_IN.subList(0, 3), 8, 1.5, blockHome);
      assertFalse(due.dueOnIdle(60_000), "the fastest three alone are not the iteration's median");
      assertFalse(due.dueAnywhere(60_000), "most chunks slow at once: no straggler to copy");
    }
  }

  @Test
  void onlyAHostWithCpuToSpareTakesEarlyCopies() {
    assertTrue(CopyThresholds.spareCpu(0.5));
    assertTrue(CopyThresholds.spareCpu(CopyThresholds.BUSY_WITH_OTHERS));
    assertTrue(CopyThresholds.spareCpu(Double.NaN), "unknown: cores of its own");
    assertFalse(CopyThresholds.spareCpu(0.95));
  }

  @Test
  void noCopyIsDueBeforeTheMinimumRuntime() {
    CopyThresholds due = CopyThresholds.of(List.of(10L, 20L, 30L, 40L), 8, 1.5, true);
    assertFalse(due.dueOnIdle(CopyThresholds.MIN_RUNTIME_MS));
    assertTrue(due.dueOnIdle(CopyThresholds.MIN_RUNTIME_MS + 1));
  }

  @Test
  void theFirstWholeMsRunDueIsJustOverEachThreshold() {
    CopyThresholds block = CopyThresholds.of(HALF_IN, 8, 1.5, true);
    assertEquals(562, block.idleDueFromMs()); // 1.1 x 510 = 561: due from 562
    assertEquals(766, block.anyDueFromMs()); // 1.5 x 510 = 765
    assertTrue(block.dueOnIdle(block.idleDueFromMs()));
    assertFalse(block.dueOnIdle(block.idleDueFromMs() - 1));
    CopyThresholds early = CopyThresholds.of(HALF_IN.subList(0, 3), 8, 1.5, true);
    assertEquals(Long.MAX_VALUE, early.idleDueFromMs(), "before the quorum: never");
    assertEquals(Long.MAX_VALUE, early.anyDueFromMs());
  }
}
