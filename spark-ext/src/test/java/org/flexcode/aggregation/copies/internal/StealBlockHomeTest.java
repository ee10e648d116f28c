package org.flexcode.aggregation.copies.internal;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.aggregation.strategy.steal.StealAggregationTest;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code steal:home=block} on local[4]: four blocks of 100 records, two chunks each (chunks 0..7 =
 * home tasks 0..7, their second copies tasks 8..15); block b's home work is one task, partition 2b,
 * reporting chunks 2b and 2b + 1.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class StealBlockHomeTest {

  static final int RECORDS = 400;
  static final int BLOCKS = 4;
  static final int CHUNKS = 8;

  @BeforeEach
  void forgetDelays() {
    StragglerHook.clearOutcomes();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @Test
  void oneTaskPerBlockReportsEachChunkOnce(JavaSparkContext jsc) throws Exception {
    StealAggregationTest.EngineStarts starts = new StealAggregationTest.EngineStarts();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,late=50,home=block"),
            EngineTestSupport.options() // the test reads the results' values
                .withInlineMaxBytes(AggregatorOptions.ALWAYS_INLINE))) {
      jsc.sc().addSparkListener(starts);
      List<PartialResult> arrived = new java.util.concurrent.CopyOnWriteArrayList<>();
      EngineTestHooks.watchArrivals(arrived::add);
      for (int it = 0; it < 3; it++) {
        AggregateResult result = engine.aggregate(1.0 + it, STATISTIC, 3);
        assertEquals(StealRecord.NONE, result.detail(StealRecord.class).orElse(StealRecord.NONE));
        Set<Integer> used = Set.copyOf(result.record().usedTasks());
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), used, result.record().toString());
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0 + it)) <= 1e-12);
      }
      assertTrue(eventually(10_000, () -> starts.partitions.size() >= 3 * BLOCKS));
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000); // every start of the ended jobs is in
      assertEquals(
          List.of(0, 2, 4, 6),
          starts.partitions.stream().distinct().sorted().toList(),
          "block tasks only: " + starts);
      assertEquals(3 * BLOCKS, starts.partitions.size(), "each block once per iteration");
      assertEquals(3 * BLOCKS, arrived.size(), "one result per block task");
      for (PartialResult r : arrived) { // the block's sum, recorded as its first chunk's
        assertEquals(0, r.task() % 2, "a block's first chunk: " + r);
        assertEquals(2, r.covers(), "covering both chunks: " + r);
        List<PartialResult> parts = r.covered();
        assertEquals(List.of(r.task(), r.task() + 1), parts.stream().map(p -> p.task()).toList());
        assertTrue(java.util.Arrays.stream(parts.get(1).values().toDense()).allMatch(v -> v == 0));
        assertTrue(java.util.Arrays.stream(parts.get(0).values().toDense()).anyMatch(v -> v != 0));
      }
    } finally {
      jsc.sc().removeSparkListener(starts);
    }
  }

  @Test
  void aSlowBlockTasksChunksGetLateCopiesAndTheSumIsExact(JavaSparkContext jsc) throws Exception {
    EngineTestSupport.TaskEnds ends = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(ends);
    int slowBlockTask = 2; // chunks 2 and 3
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, slowBlockTask, 60_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,home=block"),
            options)) {
      long start = System.currentTimeMillis();
      AggregateResult result = engine.aggregate(2.0, STATISTIC, 3);
      IterationRecord record = result.record();

      assertTrue(System.currentTimeMillis() - start < 30_000, "did not wait for the straggler");
      assertTrue(result.exact());
      assertTrue(
          relativeError(result.values(), expected(RECORDS, 2.0)) <= 1e-12, record.toString());
      Set<Integer> moved =
          result.detail(StealRecord.class).orElse(StealRecord.NONE).moves().stream()
              .filter(StealRecord.Move::late)
              .map(StealRecord.Move::chunk)
              .collect(Collectors.toSet());
      assertTrue(
          moved.containsAll(Set.of(2, 3)),
          result.detail(StealRecord.class).orElse(StealRecord.NONE).toString());
      assertTrue(
          record.usedTasks().containsAll(List.of(CHUNKS + 2, CHUNKS + 3)), record.toString());
      assertTrue(record.cancelledTasks().containsAll(List.of(2, 3)), record.toString());
      assertTrue(eventually(10_000, () -> ends.killed(slowBlockTask)), "block task interrupted");
    } finally {
      jsc.sc().removeSparkListener(ends);
    }
  }
}
