package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyParams;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Three chunks, two copies each: task t is copy t / 3 of chunk t mod 3. */
@Tag("unit")
class StealDecoderTest {

  private final BoundStrategy decoder = AggregationStrategy.steal(2, 1, 1.5).bind(6, new long[6]);

  @Test
  void waitsUntilEveryChunkArrivedOnce() {
    assertTrue(decide(0, 1, 4).isEmpty(), "chunk 2 missing");
    Decision decision = decide(0, 1, 4, 5).orElseThrow();
    assertEquals(bits(0, 1, 5), decision.used());
    assertTrue(decision.exact());
  }

  @Test
  void aChunkBothOfWhoseCopiesFinishedCountsOnceFromItsHome() {
    Decision decision = decide(3, 0, 1, 4, 2).orElseThrow();
    assertEquals(bits(0, 1, 2), decision.used(), "chunk 0's home copy, though copy 3 came first");
    double total = 0;
    for (double w : decision.weights()) {
      total += w;
    }
    assertEquals(3.0, total, "one unit weight per chunk");
  }

  @Test
  void aHomeCopyArrivingAfterAnotherCopyTakesItsPlace() {
    // a block task reports its block's sum as its first chunk and zero for the others: once it
    // arrives, its chunks must all come from it, whichever copies arrived before
    Decision decision = decide(4, 5, 0, 1, 2).orElseThrow();
    assertEquals(bits(0, 1, 2), decision.used());
    Decision copiesOnly = decide(3, 4, 5).orElseThrow();
    assertEquals(bits(3, 4, 5), copiesOnly.used(), "no home copy arrived: the other copies");
    Decision mixed = decoder.bestEffort(bits(1, 3, 4));
    assertEquals(bits(1, 3), mixed.used(), "chunk 1 from home, chunk 0 from copy 3");
    assertFalse(mixed.exact());
  }

  @Test
  void aBlockTasksResultCountsForAllItsChunksOnceRecorded() {
    // four chunks, one block (r=2): copies of chunks 1..3 came first, then the block task's sum
    BoundStrategy blockDecoder = AggregationStrategy.steal(2, 4, 1.5).bind(8, new long[8]);
    Arrivals arrivals = new Arrivals();
    for (int copy : new int[] {5, 6, 7}) {
      arrivals.record(result(copy, new double[] {10.0 * (copy - 4)}));
    }
    assertTrue(blockDecoder.decide(arrivals.order(), arrivals.finished()).isEmpty());
    PartialResult block =
        PartialResult.successCovering(
            new PartialResult.Attempt(0, 0, 0, "driver", 0),
            0,
            new double[] {1 + 10 + 20 + 30},
            0.5,
            4);
    assertTrue(arrivals.recordCovered(block));
    assertEquals(List.of(5, 6, 7, 0, 1, 2, 3), arrivals.order(), "the chunks at once");
    Decision decision = blockDecoder.decide(arrivals.order(), arrivals.finished()).orElseThrow();
    assertEquals(bits(0, 1, 2, 3), decision.used(), "all from the block task");
    double sum = 0;
    for (int t = 0; t < 8; t++) {
      PartialResult r = arrivals.results().get(t);
      sum += r == null ? 0 : decision.weights()[t] * r.values().toDense()[0];
    }
    assertEquals(61.0, sum, 1e-12, "the block's sum once, no chunk twice");
  }

  private static PartialResult result(int task, double[] values) {
    return new PartialResult(
        0, task, 0, "driver", 0, 0, 0, PackedVector.pack(values), null, Double.NaN, 1);
  }

  @Test
  void bestEffortIsInexactWhenAChunkIsMissing() {
    Decision decision = decoder.bestEffort(bits(0, 4));
    assertFalse(decision.exact());
    assertEquals(1.0, decision.residual(), 1e-12);
  }

  @Test
  void specParsesAndRoundTrips() {
    AggregationStrategy steal = AggregationStrategy.parse("steal:r=3,chunks=8,late=2");
    assertEquals(AggregationStrategy.steal(3, 8, 2.0), steal);
    assertEquals(steal, AggregationStrategy.parse(steal.spec()));
    AggregationStrategy defaults = AggregationStrategy.parse("steal");
    assertEquals(
        AggregationStrategy.steal(
            CopiesSpec.DEFAULT_COPIES, CopiesSpec.DEFAULT_CHUNKS, CopiesSpec.DEFAULT_LATE),
        defaults);
    assertEquals(defaults, AggregationStrategy.parse(defaults.spec()));
    assertEquals(
        defaults,
        AggregationStrategy.resolve("steal", StrategyParams.of(1, 1, StrategyDefaults.SHADOWS)));
    assertTrue(defaults.isExact());
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("steal:r=0"));
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("steal:late=0.5"));
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("steal:s=1"));
  }

  private Optional<Decision> decide(int... arrivals) {
    List<Integer> order = java.util.Arrays.stream(arrivals).boxed().toList();
    return decoder.decide(order, bits(arrivals));
  }

  private static BitSet bits(int... tasks) {
    BitSet set = new BitSet();
    for (int t : tasks) {
      set.set(t);
    }
    return set;
  }
}
