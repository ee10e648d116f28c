package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Results that stay on their executors ({@code inlineMaxBytes} 0): every family's decode, run where
 * the results are, gives what the driver's would; the driver receives lengths, not values; and
 * values sent to the driver count against {@code spark.driver.maxResultSize}.
 */
@ExtendWith(SparkExtension.class)
@SparkConfs("spark.driver.maxResultSize=16k")
@Tag("spark")
class HeldResultsTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;

  private final List<PartialResult> arrivals = new CopyOnWriteArrayList<>();

  @BeforeEach
  void watch() {
    StragglerHook.clearOutcomes();
    EngineTestHooks.watchArrivals(arrivals::add);
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bsp",
        "frc:s=1",
        "cyclic:s=1",
        "ignore:b=1",
        "shadow:m=1,f=0.5",
        "hybrid:s=1,m=1,f=0.5",
        "steal:r=2,chunks=2",
        "auto:exact=true",
        "gcdc:s=1,clusters=2",
        "ssp:staleness=1,b=1",
        "flexrr:staleness=1"
      })
  void everyFamilyDecodesHeldResultsOnTheExecutors(String spec, JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse(spec),
            AggregatorOptions.defaults().withInlineMaxBytes(0))) {
      for (int it = 0; it < 3; it++) {
        AggregateResult result = engine.aggregate(1.5, STATISTIC, 3);
        double[] truth = expected(RECORDS, 1.5);
        if (result.exact()) {
          assertTrue(relativeError(result.values(), truth) <= 1e-9, spec + " iteration " + it);
        } else {
          // the record count (entry 1) of a rescaled or estimated aggregate stays near RECORDS
          double count = result.values()[1];
          assertTrue(Math.abs(count - RECORDS) <= 0.25 * RECORDS, spec + ": count " + count);
        }
      }
    }
    List<PartialResult> successes =
        arrivals.stream().filter(r -> r.error() == null && r.values() != null).toList();
    assertFalse(successes.isEmpty(), spec);
    for (PartialResult r : successes) {
      assertTrue(r.values().isHeld(), spec + ": task " + r.task() + " sent its values");
    }
  }

  @Test
  void smallResultsTravelWholeUnderTheDefaultThreshold(JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("bsp"),
            AggregatorOptions.defaults())) {
      AggregateResult result = engine.aggregate(2.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(RECORDS, 2.0)) <= 1e-9);
    }
    assertEquals(TASKS, arrivals.size());
    arrivals.forEach(r -> assertFalse(r.values().isHeld(), "task " + r.task()));
  }

  @ParameterizedTest
  @ValueSource(longs = {8 * 1024, 16 * 1024})
  void aResultOverItsShareOfTheIterationsBudgetStaysOnItsExecutor(
      long budget, JavaSparkContext jsc) {
    int dimension = 300; // 2.3 KiB per task, dense: over an 8 KiB budget's share, under 16 KiB's
    BlockStatistic<Double, Double> wide =
        (model, iteration, block, records, out) -> {
          for (double x : records) {
            for (int d = 0; d < out.length; d++) {
              out[d] += model * x;
            }
          }
        };
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("bsp"),
            AggregatorOptions.defaults().withInlineMaxBytes(budget))) {
      AggregateResult result = engine.aggregate(2.0, wide, dimension);
      assertEquals(RECORDS * (RECORDS + 1.0), result.values()[0], 1e-9);
      assertEquals(RECORDS * (RECORDS + 1.0), result.values()[dimension - 1], 1e-9);
    }
    assertEquals(TASKS, arrivals.size());
    boolean overShare = budget / TASKS < dimension * Double.BYTES;
    arrivals.forEach(
        r ->
            assertEquals(
                overShare, r.values().isHeld(), "budget " + budget + ", task " + r.task()));
  }

  @Test
  void valuesSentToTheDriverCountAgainstMaxResultSize(JavaSparkContext jsc) {
    int dimension = 600; // 4.7 KiB per task (under Spark's own per-task check), 18.8 KiB in all
    BlockStatistic<Double, Double> wide =
        (model, iteration, block, records, out) -> {
          for (double x : records) {
            for (int d = 0; d < out.length; d++) {
              out[d] += model * x + d;
            }
          }
        };
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("bsp"),
            AggregatorOptions.defaults().withInlineMaxBytes(AggregatorOptions.ALWAYS_INLINE))) {
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> engine.aggregate(1.0, wide, dimension));
      assertTrue(e.getMessage().contains("spark.driver.maxResultSize"), e.getMessage());
      assertTrue(e.getMessage().contains("spark.flexcode.results.inlineMaxBytes"), e.getMessage());
    }
  }

  @Test
  void heldWideResultsStayUnderMaxResultSize(JavaSparkContext jsc) {
    int dimension = 1024; // 8 KiB per task, 32 KiB in all inline; held, one 8 KiB vector
    BlockStatistic<Double, Double> wide =
        (model, iteration, block, records, out) -> {
          for (double x : records) {
            out[0] += x;
          }
        };
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("bsp"),
            AggregatorOptions.defaults().withInlineMaxBytes(0))) {
      AggregateResult result = engine.aggregate(1.0, wide, dimension);
      assertEquals(RECORDS * (RECORDS + 1) / 2.0, result.values()[0], 1e-9);
    }
  }

  @Test
  void aLostHeldResultRunsTheIterationAgainWithEveryResultSent(JavaSparkContext jsc) {
    java.util.concurrent.atomic.AtomicBoolean dropped =
        new java.util.concurrent.atomic.AtomicBoolean();
    EngineTestHooks.watchArrivals(
        r -> {
          arrivals.add(r);
          if (r.values() != null && r.values().isHeld() && arrivals.size() <= TASKS) {
            dropped.set(dropHeldBlocks(jsc) > 0 || dropped.get()); // as if its executor were lost
          }
        });
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("bsp"),
            AggregatorOptions.defaults().withInlineMaxBytes(0))) {
      AggregateResult first = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(dropped.get(), "the held blocks were dropped");
      assertTrue(relativeError(first.values(), expected(RECORDS, 3.0)) <= 1e-9);
      assertEquals(2 * TASKS, arrivals.size(), "the iteration ran again: " + arrivals);
      arrivals.subList(TASKS, 2 * TASKS).forEach(r -> assertFalse(r.values().isHeld()));
      AggregateResult next = engine.aggregate(1.0, STATISTIC, 3);
      assertTrue(relativeError(next.values(), expected(RECORDS, 1.0)) <= 1e-9);
      assertTrue(arrivals.get(arrivals.size() - 1).values().isHeld(), "held again after");
    }
  }

  /**
   * Removes every RDD block of no persisted RDD (the held results); returns how many, 0 when
   * Spark's listing failed. The listing walks the block manager's map while running tasks add their
   * blocks to it, and can fail with a ConcurrentModificationException: this hook runs inside the
   * accumulator's merge, where an exception would make Spark drop the task's update.
   */
  private static int dropHeldBlocks(JavaSparkContext jsc) {
    for (int attempt = 1; attempt <= 5; attempt++) {
      try {
        return dropHeldBlocksOnce(jsc);
      } catch (Exception listingFailed) { // SparkException, thrown from Scala undeclared
        if (attempt == 5) {
          return 0; // a later arrival of the same iteration drops them
        }
      }
    }
    return 0;
  }

  @SuppressWarnings("deprecation") // JavaConverters: the one converter Scala 2.12 and 2.13 share
  private static int dropHeldBlocksOnce(JavaSparkContext jsc) {
    java.util.Set<Integer> persisted = jsc.getPersistentRDDs().keySet();
    org.apache.spark.storage.BlockManagerMaster master =
        org.apache.spark.SparkEnv.get().blockManager().master();
    List<org.apache.spark.storage.BlockId> held =
        scala.collection.JavaConverters.seqAsJavaList(
            master.getMatchingBlockIds(
                new scala.runtime.AbstractFunction1<org.apache.spark.storage.BlockId, Object>() {
                  @Override
                  public Object apply(org.apache.spark.storage.BlockId id) {
                    return id instanceof org.apache.spark.storage.RDDBlockId b
                        && !persisted.contains(b.rddId());
                  }
                },
                false));
    held.forEach(master::removeBlock);
    return held.size();
  }
}
