package org.flexcode.aggregation.strategy.flexrr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.StaleResults;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code flexrr}'s decisions without Spark: two blocks of two chunks, two copies each (chunk c's
 * copies are tasks c and c + 4).
 */
@Tag("unit")
class FlexrrDecoderTest {

  private static BoundStrategy bind(String spec) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    return strategy.bind(strategy.code(8), new long[8]);
  }

  private static Optional<Decision> decide(BoundStrategy bound, int... tasks) {
    List<Integer> arrivals = new ArrayList<>();
    BitSet finished = new BitSet();
    for (int task : tasks) {
      arrivals.add(task);
      finished.set(task);
    }
    return bound.decide(arrivals, finished);
  }

  private static BitSet tasks(int... tasks) {
    BitSet set = new BitSet();
    for (int task : tasks) {
      set.set(task);
    }
    return set;
  }

  @Test
  void theLastChunkIsLeftOutThenAppliedOnceFromOneCopyInTheNextIteration() {
    BoundStrategy bound = bind("flexrr:staleness=1,r=2,chunks=2");
    Adaptive adaptive = bound.capability(Adaptive.class).orElseThrow();
    StaleResults stale = bound.capability(StaleResults.class).orElseThrow();
    assertEquals("", adaptive.beforeIteration(0));
    assertTrue(decide(bound, 0, 1).isEmpty(), "two chunks missing");
    Decision first = decide(bound, 0, 1, 6).orElseThrow(); // chunk 2 from its second copy
    assertEquals(tasks(0, 1, 6), first.used());
    assertFalse(first.exact());
    first.used().stream().forEach(task -> stale.applied(task, 0));

    String choice = adaptive.beforeIteration(1);
    assertTrue(choice.contains("{3=0}"), choice);
    assertTrue(stale.acceptsStale(3, 0) && stale.acceptsStale(7, 0), "chunk 3, either copy");
    assertFalse(stale.acceptsStale(2, 0), "chunk 2 was applied in iteration 0");
    assertTrue(decide(bound, 0, 1, 2).isEmpty(), "chunk 3 may not lag two iterations");
    // Both copies of chunk 3 from iteration 0 arrive: one counts.
    Decision second = decide(bound, 0, 1, 7, 2, 3).orElseThrow();
    assertEquals(tasks(0, 1, 2, 3), second.used(), "the home copy of each chunk");
    assertArrayEquals(new double[] {1, 1, 1, 1, 0, 0, 0, 0}, second.weights());
    assertFalse(second.exact(), "chunk 3's result is an iteration old");
    second.used().stream().forEach(task -> stale.applied(task, task == 3 ? 0 : 1));

    assertEquals("", adaptive.beforeIteration(2));
    assertFalse(stale.acceptsStale(7, 0), "chunk 3's other copy, once it was applied");
    Decision fresh = decide(bound, 4, 1, 2, 3, 0).orElseThrow();
    assertTrue(fresh.exact(), "every chunk, all fresh");
    assertEquals(4, fresh.used().cardinality(), fresh.used().toString());
  }

  @Test
  void withStalenessTwoAChunkMayLagOneIterationWhileNoOtherIsMissing() {
    BoundStrategy bound = bind("flexrr:staleness=2,r=2,chunks=2");
    Adaptive adaptive = bound.capability(Adaptive.class).orElseThrow();
    StaleResults stale = bound.capability(StaleResults.class).orElseThrow();
    adaptive.beforeIteration(0);
    decide(bound, 0, 1, 2).orElseThrow().used().stream().forEach(t -> stale.applied(t, 0));
    adaptive.beforeIteration(1);
    assertTrue(decide(bound, 0, 1).isEmpty(), "chunk 3 lags, so chunk 2 must arrive");
    BitSet second = decide(bound, 0, 1, 2).orElseThrow().used();
    assertEquals(tasks(0, 1, 2), second);
    second.stream().forEach(t -> stale.applied(t, 1));
    adaptive.beforeIteration(2);
    assertTrue(decide(bound, 0, 1, 2).isEmpty(), "chunk 3 is two iterations old: waited for");
    assertFalse(stale.acceptsStale(3, -1), "older than the staleness");
  }

  @Test
  void stalenessZeroWaitsForEveryChunkAsSteal() {
    BoundStrategy bound = bind("flexrr:staleness=0,r=2,chunks=2");
    assertTrue(bound.strategy().isExact());
    assertTrue(bound.capability(StaleResults.class).isEmpty(), "applies no late result");
    assertTrue(decide(bound, 0, 1, 2).isEmpty());
    assertTrue(decide(bound, 0, 1, 2, 7).orElseThrow().exact());
  }

  @Test
  void specsRoundTripAndBadValuesSayWhich() {
    assertEquals("flexrr:staleness=1", AggregationStrategy.parse("flexrr").spec());
    AggregationStrategy custom = AggregationStrategy.parse("flexrr:staleness=3,r=2,chunks=8");
    assertEquals("flexrr:staleness=3,r=2,chunks=8", custom.spec());
    assertEquals(custom, AggregationStrategy.parse(custom.spec()));
    assertFalse(custom.isExact());
    IllegalArgumentException negative =
        assertThrows(
            IllegalArgumentException.class, () -> AggregationStrategy.parse("flexrr:staleness=-1"));
    assertTrue(negative.getMessage().contains("staleness"), negative.getMessage());
    assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
  }
}
