package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link DecisionReplay} of the strategies that carry state between iterations: {@code ssp}'s
 * straggler runs on and its result is applied late, {@code auto} chooses its mode from what the
 * replayed iterations showed.
 */
@Tag("unit")
class DecisionReplayTest {

  /** Tasks 0-4 take 0, 100, .. 400 ms, task 5 1,500 ms whenever it runs. */
  private static final double[] STRAGGLING = {0, 100, 200, 300, 400, 1500};

  @Test
  void sspWaitsForItsStragglersLateResultAtStalenessOne() {
    DecisionReplay replay = new DecisionReplay(bound("ssp:staleness=1,b=1", 6));
    DecisionReplay.Replayed first = replay.next(STRAGGLING);
    assertEquals(List.of(0, 1, 2, 3, 4), tasks(first.used()));
    assertEquals(400, first.endMs(), 1e-9);
    assertEquals(Map.of(), first.staleAges());
    assertTrue(first.cancelled().isEmpty(), "ssp cancels nothing: task 5 runs on");

    // Task 5 gets no new run; its first one has 1,100 ms left, and staleness 1 waits for it.
    DecisionReplay.Replayed second = replay.next(STRAGGLING);
    assertEquals(List.of(0, 1, 2, 3, 4, 5), tasks(second.used()));
    assertEquals(Map.of(5, 1), second.staleAges());
    assertEquals(1100, second.endMs(), 1e-9);

    DecisionReplay.Replayed third = replay.next(STRAGGLING);
    assertEquals(List.of(0, 1, 2, 3, 4), tasks(third.used()), "task 5 runs afresh, and lags");
    assertEquals(Map.of(), third.staleAges());
  }

  @Test
  void sspAppliesTheResultTwoIterationsLateAtStalenessTwo() {
    DecisionReplay replay = new DecisionReplay(bound("ssp:staleness=2,b=1", 6));
    replay.next(STRAGGLING);
    DecisionReplay.Replayed second = replay.next(STRAGGLING);
    assertEquals(List.of(0, 1, 2, 3, 4), tasks(second.used()), "one iteration old: not waited for");
    assertEquals(400, second.endMs(), 1e-9);
    DecisionReplay.Replayed third = replay.next(STRAGGLING);
    assertEquals(List.of(0, 1, 2, 3, 4, 5), tasks(third.used()));
    assertEquals(Map.of(5, 2), third.staleAges());
    assertEquals(700, third.endMs(), 1e-9, "1,500 - 400 - 400 ms left");
  }

  @Test
  void autoStartsInBspAndLeavesItForStealUnderAPersistentStraggler() {
    int chunks = 6;
    BoundStrategy auto = bound("auto:exact=true,r=2,chunks=1", 2 * chunks);
    DecisionReplay replay = new DecisionReplay(auto);
    double[] finishMs = new double[2 * chunks];
    Arrays.fill(finishMs, Double.POSITIVE_INFINITY); // copies never launched
    double[] home = {200, 300, 400, 1600, 250, 350};
    System.arraycopy(home, 0, finishMs, 0, chunks);
    DecisionReplay.Replayed first = replay.next(finishMs);
    assertTrue(first.choice().startsWith("mode=bsp;"), first.choice());
    assertEquals(List.of(0, 1, 2, 3, 4, 5), tasks(first.used()));
    DecisionReplay.Replayed second = replay.next(finishMs);
    assertTrue(second.choice().startsWith("mode=steal;"), second.choice());
    assertEquals(1600, second.endMs(), 1e-9, "no copy launched: the home copy ends it");
  }

  private static BoundStrategy bound(String spec, int tasks) {
    long[] records = new long[tasks];
    Arrays.fill(records, 100);
    return AggregationStrategy.parse(spec).bind(tasks, records);
  }

  private static List<Integer> tasks(BitSet set) {
    return set.stream().boxed().toList();
  }
}
