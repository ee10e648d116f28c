package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class CopyRaceTest {

  /** Eight chunks, five in: executor 0's copies took 400 ms, executor 1's 200 ms. */
  private static final Map<Integer, List<Long>> FIVE_IN =
      Map.of(0, List.of(400L, 410L), 1, List.of(200L, 190L, 210L));

  private static CopyRace race(Map<Integer, List<Long>> byExecutor) {
    List<Long> all = new ArrayList<>();
    byExecutor.values().forEach(all::addAll);
    return CopyRace.of(byExecutor, all, 8);
  }

  @Test
  void noRaceBeforeHalfTheChunksAreIn() {
    assertNull(race(Map.of(0, List.of(400L), 1, List.of(200L, 200L))));
  }

  @Test
  void aCopyArrivesFirstWhileTheRunningOneHasMoreThanTheMedianLeft() {
    CopyRace race = race(FIVE_IN); // median 210 ms; executor 0 takes 410 ms
    assertTrue(race.copyArrivesFirst(0, 0));
    assertTrue(race.copyArrivesFirst(0, 199));
    assertFalse(race.copyArrivesFirst(0, 200), "200 + 210 ms is no sooner than 410 ms");
  }

  @Test
  void noCopyRacesAnExecutorAsFastAsTheMedianOrOneWithNothingFinished() {
    CopyRace race = race(FIVE_IN);
    assertFalse(race.copyArrivesFirst(1, 0));
    assertFalse(race.copyArrivesFirst(2, 0), "executor 2 has finished nothing");
  }
}
