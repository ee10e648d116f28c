package org.flexcode.aggregation.copies.internal;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.util.LongAccumulator;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code steal} on a real multi-JVM cluster (three one-core executors): three blocks of two chunks,
 * two copies each (chunks 0..5 = tasks 0..5, second copies tasks 6..11).
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@Tag("cluster")
class StealPlacementClusterTest {

  static final int CHUNKS = 6;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /** Waits for the three executors; options delaying task {@code task} of iteration 0 by 60 s. */
  private static AggregatorOptions onThreeExecutorsWithSlowTask(JavaSparkContext jsc, int task)
      throws InterruptedException {
    return onThreeExecutorsWithSlowTask(jsc, task, 60_000);
  }

  /** Waits for the three executors; options delaying task {@code task} of iteration 0. */
  private static AggregatorOptions onThreeExecutorsWithSlowTask(
      JavaSparkContext jsc, int task, long delayMs) throws InterruptedException {
    assertTrue(
        eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3),
        "three executors registered: " + SparkInternals.executors(jsc.sc()));
    return straggling(EngineTestSupport.options(), StragglerHook.delay(0, task, delayMs));
  }

  /**
   * {@code steal} with one task per block and no late copy before 100,000 x the median: only an
   * idle holder's early takeover moves chunks.
   */
  private static CodedAggregator<Double> blockTasksWithoutLateCopies(
      JavaSparkContext jsc, AggregatorOptions options) {
    return CodedAggregator.create(
        data(jsc, 600, 3),
        AggregationStrategy.parse("steal:r=2,chunks=2,late=100000,home=block"),
        options);
  }

  @Test
  void copiesOfAChunkAreCachedOnDistinctExecutorsAndASlowChunkMoves(JavaSparkContext jsc)
      throws Exception {
    int slow = 1;
    AggregatorOptions options = onThreeExecutorsWithSlowTask(jsc, slow);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, 600, 3),
            AggregationStrategy.parse("steal:r=2,chunks=2,home=chunks"),
            options)) {
      for (int chunk = 0; chunk < CHUNKS; chunk++) {
        List<String> home = SparkInternals.cachedOn(jsc.sc(), engine.codedRddId(), chunk);
        List<String> copy = SparkInternals.cachedOn(jsc.sc(), engine.codedRddId(), CHUNKS + chunk);
        assertEquals(1, home.size(), "chunk " + chunk + " home cached on " + home);
        assertEquals(1, copy.size(), "chunk " + chunk + " copy cached on " + copy);
        assertNotEquals(home.get(0), copy.get(0), "chunk " + chunk + "'s copies");
      }
      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12);
      StealRecord.Move move =
          result.detail(StealRecord.class).orElse(StealRecord.NONE).moves().stream()
              .filter(m -> m.chunk() == slow)
              .findFirst()
              .orElseThrow(
                  () ->
                      new AssertionError(
                          result.detail(StealRecord.class).orElse(StealRecord.NONE).toString()));
      assertNotEquals(move.fromExecutor(), move.toExecutor(), move.toString());
    }
  }

  @Test
  void eachInputBlockIsComputedOnceForAllCopiesOfItsChunks(JavaSparkContext jsc) throws Exception {
    AggregatorOptions options = onThreeExecutorsWithSlowTask(jsc, 0, 0);
    LongAccumulator computed = jsc.sc().longAccumulator("input blocks computed");
    JavaRDD<Double> input =
        data(jsc, 600, 3)
            .mapPartitions(
                records -> {
                  computed.add(1);
                  return records;
                });
    // four readers per block (two chunks, two copies) on up to three executors
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            input, AggregationStrategy.parse("steal:r=2,chunks=2,home=chunks"), options)) {
      // the engine's storage estimate reads the first (uncached) block once before the layout
      assertEquals(3 + 1, computed.value(), "one computation per input block, read by every copy");
      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12);
    }
  }

  @Test
  void anIdleHolderTakesASlowBlockTasksChunksBeforeTheLateMultiple(JavaSparkContext jsc)
      throws Exception {
    int slowBlockTask = 2; // block 1: chunks 2 and 3, their second copies tasks 8 and 9
    AggregatorOptions options = onThreeExecutorsWithSlowTask(jsc, slowBlockTask);
    EngineTestHooks.installOthersCpuLoad(0.3); // other processes leave the holders CPU to spare
    // no late copy on a busy holder before the straggler's 60 s are over
    try (CodedAggregator<Double> engine = blockTasksWithoutLateCopies(jsc, options)) {
      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12);
      for (int chunk : List.of(2, 3)) {
        StealRecord.Move move =
            result.detail(StealRecord.class).orElse(StealRecord.NONE).moves().stream()
                .filter(m -> m.chunk() == chunk)
                .findFirst()
                .orElseThrow(
                    () ->
                        new AssertionError(
                            result.detail(StealRecord.class).orElse(StealRecord.NONE).toString()));
        assertTrue(move.late(), move.toString());
        assertNotEquals(move.fromExecutor(), move.toExecutor(), move.toString());
      }
      assertTrue(
          result.record().usedTasks().containsAll(List.of(CHUNKS + 2, CHUNKS + 3)),
          result.record().toString());
    }
  }

  @Test
  void anIdleHolderOnABusyHostLeavesASlowBlockTaskAlone(JavaSparkContext jsc) throws Exception {
    int slowBlockTask = 2; // block 1: chunks 2 and 3
    AggregatorOptions options = onThreeExecutorsWithSlowTask(jsc, slowBlockTask, 3_000);
    EngineTestHooks.installOthersCpuLoad(0.97); // other executors keep every core of the host busy
    try (CodedAggregator<Double> engine = blockTasksWithoutLateCopies(jsc, options)) {
      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12);
      assertEquals(
          StealRecord.NONE,
          result.detail(StealRecord.class).orElse(StealRecord.NONE),
          "no copy: it would slow the block it relieves");
      assertEquals(
          List.of(0, 1, 2, 3, 4, 5),
          result.record().usedTasks().stream().sorted().toList(),
          result.record().toString());
    }
  }
}
