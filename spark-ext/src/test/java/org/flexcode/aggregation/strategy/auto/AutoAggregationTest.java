package org.flexcode.aggregation.strategy.auto;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;
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
 * {@code auto} on local[4] (one executor: each home chunk is a worker), four blocks of 100 records,
 * one chunk each (home copies tasks 0..3, their second copies tasks 4..7), forced task times.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class AutoAggregationTest {

  static final int RECORDS = 400;
  static final int BLOCKS = 4;
  static final int SLOW_FROM = 4;
  static final int RECOVERED_FROM = 11;
  static final int ITERATIONS = 20;

  /** {@link EngineTestSupport#STATISTIC} with its count and sum of squares as totals. */
  private static final BlockStatistic<Double, Double> SPREAD_OF_FIRST =
      BlockStatistic.endingInTotals(STATISTIC, 2);

  @BeforeEach
  void forgetDelays() {
    StragglerHook.clearOutcomes();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /**
   * Home copies 0..2 sleep 600 ms, home copy 3 (a slightly faster core) 400 ms, except in
   * iterations 4..10 where it sleeps 3000 ms (a persistent straggler); the copies do not sleep.
   */
  private static StragglerHook timeline() {
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      for (int task = 0; task < BLOCKS; task++) {
        boolean slow = task == 3 && it >= SLOW_FROM && it < RECOVERED_FROM;
        hook = hook.and(it, task, slow ? 3000 : task == 3 ? 400 : 600);
      }
    }
    return hook;
  }

  @Test
  void switchesFromBspToATolerantModeWhenAStragglerAppearsAndBack(JavaSparkContext jsc) {
    double[] bsp = bspSum(jsc);
    AggregatorOptions options = straggling(EngineTestSupport.options(), timeline());
    List<IterationRecord> records = new ArrayList<>();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS), AggregationStrategy.parse("auto:chunks=1"), options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        AggregateResult result = engine.aggregate(1.0, SPREAD_OF_FIRST, 3);
        IterationRecord record = result.record();
        records.add(record);
        if (modeOf(record).startsWith("ignore")) {
          assertFalse(result.exact(), record.toString());
          assertEquals(RECORDS, result.values()[1], 1e-9, record.toString()); // rescaled
        } else {
          assertTrue(result.exact(), record.toString());
          assertTrue(relativeError(result.values(), bsp) <= 1e-12, record.toString());
        }
      }
    }
    // Healthy, and the first slow iteration (the history did not show it yet): bsp, home copies.
    for (int it = 0; it <= SLOW_FROM; it++) {
      assertEquals("bsp", modeOf(records.get(it)), records.get(it).choice());
      assertEquals(List.of(0, 1, 2, 3), records.get(it).usedTasks(), records.get(it).toString());
    }
    IterationRecord first = records.get(SLOW_FROM + 1);
    assertTrue(first.choice().contains("switch from bsp"), first.choice());
    // The blocks' means of component 0 (50.5, 150.5, 250.5, 350.5): rho = 16,667 / 200.5^2 = 0.415,
    // and leaving 1 of 4 out keeps 1 - 0.415 / 12 of an iteration's progress.
    assertTrue(
        first.choice().contains("(progress 0.965 by the gradients' spread rho="), first.choice());
    // While the straggler persists: a tolerant mode, which never waits for home copy 3.
    for (int it = SLOW_FROM + 1; it < RECOVERED_FROM; it++) {
      IterationRecord record = records.get(it);
      assertNotEquals("bsp", modeOf(record), record.choice());
      assertFalse(record.usedTasks().contains(3), record.toString());
    }
    // Recovered: once the window (5 iterations) holds only healthy iterations, bsp again.
    for (int it = RECOVERED_FROM + 6; it < ITERATIONS; it++) {
      assertEquals("bsp", modeOf(records.get(it)), records.get(it).choice());
    }
    assertTrue(
        records.subList(RECOVERED_FROM, ITERATIONS).stream()
            .anyMatch(r -> r.choice().startsWith("mode=bsp; switch from")),
        "the switch back is recorded with its reason");
  }

  @Test
  void bspModeWithOneExecutorRunsOneTaskPerBlockFromTheFirstIteration(JavaSparkContext jsc)
      throws Exception {
    StealAggregationTest.EngineStarts starts = new StealAggregationTest.EngineStarts();
    StragglerHook even = StragglerHook.none();
    int iterations = 6;
    for (int it = 0; it < iterations; it++) {
      for (int task = 0; task < 2 * BLOCKS; task++) {
        even = even.and(it, task, 200);
      }
    }
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            // floor 0.75: leaving out the chunks queued behind local[4]'s cores (half the records)
            // would be predicted faster than waiting for them
            AggregationStrategy.parse("auto:chunks=2,floor=0.75"),
            straggling(EngineTestSupport.options(), even))) {
      jsc.sc().addSparkListener(starts);
      for (int it = 0; it < iterations; it++) {
        AggregateResult result = engine.aggregate(1.0 + it, STATISTIC, 3);
        assertEquals("bsp", modeOf(result.record()), result.record().choice());
        assertEquals(
            List.of(0, 1, 2, 3, 4, 5, 6, 7),
            result.record().usedTasks().stream().sorted().toList(),
            "every chunk's home copy");
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0 + it)) <= 1e-12);
      }
      int expected = iterations * BLOCKS;
      assertTrue(eventually(10_000, () -> starts.partitions.size() >= expected));
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000); // every start of the ended jobs is in
      // One executor: no other holder to hand a chunk to, so never a chunk task of its own.
      assertEquals(expected, starts.partitions.size(), "one task per block: " + starts);
      assertEquals(
          0,
          starts.partitions.stream().filter(p -> p % 2 == 1).count(),
          "a second chunk launched on its own: " + starts);
    } finally {
      jsc.sc().removeSparkListener(starts);
    }
  }

  /**
   * Eight blocks on local[4]'s four slots: half the blocks queue behind the others, so their times
   * say where they stood in the queue. auto runs as bsp (its fit on this cluster) and, with block 0
   * a straggler from iteration 2 on, waits for it and uses every block.
   */
  @Test
  void runsAsBspWhenOneExecutorQueuesTheBlocks(JavaSparkContext jsc) {
    int blocks = 2 * BLOCKS;
    int iterations = 4;
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < iterations; it++) {
      for (int task = 0; task < blocks; task++) {
        hook = hook.and(it, task, task == 0 && it >= 2 ? 1500 : 150);
      }
    }
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, blocks),
            AggregationStrategy.parse("auto:chunks=1"),
            straggling(EngineTestSupport.options(), hook))) {
      assertEquals("bsp", engine.strategy().spec(), "auto fitted to local[4] with 8 blocks");
      for (int it = 0; it < iterations; it++) {
        AggregateResult result = engine.aggregate(1.0 + it, STATISTIC, 3);
        assertTrue(result.exact(), result.record().toString());
        assertEquals(
            List.of(0, 1, 2, 3, 4, 5, 6, 7),
            result.record().usedTasks().stream().sorted().toList(),
            "every block, the straggler's too: " + result.record());
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0 + it)) <= 1e-12);
      }
    }
  }

  @Test
  void parsesItsSpec() {
    AggregationStrategy auto = AggregationStrategy.parse("auto");
    assertEquals("auto:exact=false", auto.spec());
    assertFalse(auto.isExact());
    AggregationStrategy exact = AggregationStrategy.parse("auto:exact=true,chunks=2");
    assertEquals("auto:exact=true,chunks=2", exact.spec());
    assertEquals(exact, AggregationStrategy.parse(exact.spec()));
    assertTrue(exact.isExact());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class, () -> AggregationStrategy.parse("auto:exact=yes"));
    assertTrue(bad.getMessage().contains("exact"), bad.getMessage());
    assertEquals(AggregationStrategy.parse("auto:floor=0.5"), auto, "floor 0.5 by default");
    AggregationStrategy quarter = AggregationStrategy.parse("auto:floor=0.75");
    assertEquals("auto:exact=false,floor=0.75", quarter.spec());
    assertEquals(quarter, AggregationStrategy.parse(quarter.spec()));
    IllegalArgumentException floor =
        assertThrows(
            IllegalArgumentException.class, () -> AggregationStrategy.parse("auto:floor=0"));
    assertTrue(floor.getMessage().contains("floor"), floor.getMessage());
  }

  /** The mode an iteration ran: the record's choice starts {@code mode=<label>;}. */
  private static String modeOf(IterationRecord record) {
    String choice = record.choice();
    assertTrue(choice.startsWith("mode="), "the record says which mode: " + choice);
    return choice.substring("mode=".length(), choice.indexOf(';'));
  }

  private static double[] bspSum(JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS), AggregationStrategy.bsp(), EngineTestSupport.options())) {
      return engine.aggregate(1.0, STATISTIC, 3).values();
    }
  }
}
