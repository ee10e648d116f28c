package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SlowExecutorsTest {

  /** One iteration: executors "0".."3" run two tasks each, executor {@code slow} 4x longer. */
  private static Map<String, List<Long>> iteration(String slow) {
    Map<String, List<Long>> byExecutor = new TreeMap<>();
    for (int e = 0; e < 4; e++) {
      String id = Integer.toString(e);
      long ms = id.equals(slow) ? 400 : 100;
      byExecutor.put(id, List.of(ms, ms));
    }
    return byExecutor;
  }

  /** As {@link #iteration} with executor {@code idle} running nothing. */
  private static Map<String, List<Long>> without(Map<String, List<Long>> byExecutor, String idle) {
    Map<String, List<Long>> copy = new TreeMap<>(byExecutor);
    copy.remove(idle);
    return copy;
  }

  @Test
  void oneSlowIterationIsTransientTwoInARowAreAvoided() {
    SlowExecutors slow = new SlowExecutors();
    assertEquals(Set.of(), slow.observe(0, iteration("1")));
    assertFalse(slow.lastHadSlow(), "the cold first iteration says nothing");
    assertEquals(Set.of(), slow.observe(1, iteration(null)));
    assertFalse(slow.lastHadSlow());
    assertEquals(Set.of(), slow.observe(2, iteration("1")));
    assertTrue(slow.lastHadSlow(), "a transient straggler is a straggler all the same");
    assertEquals(Set.of("1"), slow.observe(3, iteration("1")));
    assertTrue(slow.lastHadSlow());
  }

  @Test
  void anAvoidedExecutorThatRunsNothingStaysAvoidedForTheHoldThenIsMeasuredAgain() {
    SlowExecutors slow = new SlowExecutors();
    slow.observe(1, iteration("2"));
    assertEquals(Set.of("2"), slow.observe(2, iteration("2")));
    int it = 3;
    for (; it < 2 + SlowExecutors.HOLD; it++) {
      assertEquals(Set.of("2"), slow.observe(it, without(iteration(null), "2")), "at " + it);
    }
    assertEquals(Set.of(), slow.observe(it, without(iteration(null), "2")));
    assertEquals(Set.of(), slow.observe(it + 1, iteration(null)));
  }

  @Test
  void anExecutorSlowAgainWhenReleasedIsAvoidedAtOnceForTwiceItsHold() {
    SlowExecutors slow = new SlowExecutors();
    slow.observe(1, iteration("2"));
    slow.observe(2, iteration("2")); // avoided for the hold from iteration 3
    int it = 3;
    for (; it < 2 + SlowExecutors.HOLD; it++) {
      slow.observe(it, without(iteration(null), "2"));
    }
    assertEquals(Set.of(), slow.observe(it, without(iteration(null), "2")), "released");
    int again = it + 1;
    assertEquals(Set.of("2"), slow.observe(again, iteration("2")), "one slow iteration");
    for (it = again + 1; it < again + 2 * SlowExecutors.HOLD; it++) {
      assertEquals(Set.of("2"), slow.observe(it, without(iteration(null), "2")), "at " + it);
    }
    assertEquals(Set.of(), slow.observe(it, without(iteration(null), "2")), "released again");
    assertEquals(Set.of(), slow.observe(it + 1, iteration(null)), "recovered");
    assertEquals(Set.of(), slow.observe(it + 2, iteration("2")), "a transient slow iteration");
    assertEquals(Set.of("2"), slow.observe(it + 3, iteration("2")), "two in a row: hold anew");
  }

  @Test
  void theColdFirstIterationDoesNotCount() {
    SlowExecutors slow = new SlowExecutors();
    assertEquals(Set.of(), slow.observe(0, iteration("1")));
    assertEquals(Set.of(), slow.observe(1, iteration("1")), "iteration 0 read the cache cold");
    assertEquals(Set.of("1"), slow.observe(2, iteration("1")));
  }

  @Test
  void oneExecutorAloneIsNeverSlow() {
    SlowExecutors slow = new SlowExecutors();
    Map<String, List<Long>> one = Map.of("driver", List.of(100L, 900L));
    slow.observe(0, one);
    assertEquals(Set.of(), slow.observe(1, one));
  }
}
