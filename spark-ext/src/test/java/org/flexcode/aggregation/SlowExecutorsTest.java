package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SlowExecutorsTest {

  /** One iteration: executors "0".."3" run two tasks each, executor {@code slow} 4x longer. */
  private static List<PartialResult> iteration(int it, String slow) {
    List<PartialResult> results = new ArrayList<>();
    for (int e = 0; e < 4; e++) {
      String id = Integer.toString(e);
      for (int k = 0; k < 2; k++) {
        long ms = id.equals(slow) ? 400 : 100;
        results.add(new PartialResult(it, 2 * e + k, 0, id, 1_000, 1_000 + ms, 0, null, null));
      }
    }
    return results;
  }

  /** As {@link #iteration} with executor {@code idle} running nothing. */
  private static List<PartialResult> without(List<PartialResult> results, String idle) {
    return results.stream().filter(r -> !r.executorId().equals(idle)).toList();
  }

  @Test
  void oneSlowIterationIsTransientTwoInARowAreAvoided() {
    SlowExecutors slow = new SlowExecutors();
    assertEquals(Set.of(), slow.observe(0, iteration(0, "1")));
    assertEquals(Set.of(), slow.observe(1, iteration(1, null)));
    assertEquals(Set.of(), slow.observe(2, iteration(2, "1")));
    assertEquals(Set.of("1"), slow.observe(3, iteration(3, "1")));
  }

  @Test
  void anAvoidedExecutorThatRunsNothingStaysAvoidedForTheHoldThenIsMeasuredAgain() {
    SlowExecutors slow = new SlowExecutors();
    slow.observe(0, iteration(0, "2"));
    assertEquals(Set.of("2"), slow.observe(1, iteration(1, "2")));
    int it = 2;
    for (; it < 1 + SlowExecutors.HOLD; it++) {
      assertEquals(Set.of("2"), slow.observe(it, without(iteration(it, null), "2")), "at " + it);
    }
    assertEquals(Set.of(), slow.observe(it, without(iteration(it, null), "2")));
    assertEquals(Set.of(), slow.observe(it + 1, iteration(it + 1, null)));
  }

  @Test
  void oneExecutorAloneIsNeverSlow() {
    SlowExecutors slow = new SlowExecutors();
    List<PartialResult> one =
        List.of(
            new PartialResult(0, 0, 0, "driver", 0, 100, 0, null, null),
            new PartialResult(0, 1, 0, "driver", 0, 900, 0, null, null));
    slow.observe(0, one);
    assertEquals(Set.of(), slow.observe(1, one));
  }
}
