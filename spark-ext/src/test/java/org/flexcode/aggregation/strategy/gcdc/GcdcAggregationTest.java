package org.flexcode.aggregation.strategy.gcdc;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code gcdc:s=1,clusters=2} on local[4]: four tasks, two clusters of one FRC group each; tasks 0
 * and 2 (one cluster in the home clustering) forced slow in every iteration.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class GcdcAggregationTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;
  static final int ITERATIONS = 4;
  static final double MODEL = 0.7;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /** Tasks 0 and 2 sleep 2000 ms in every iteration, the others 100 ms. */
  private static StragglerHook slowZeroAndTwo() {
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      for (int task = 0; task < TASKS; task++) {
        hook = hook.and(it, task, task == 0 || task == 2 ? 2000 : 100);
      }
    }
    return hook;
  }

  @Test
  void reformsTheClustersSoEachHoldsAtMostOneStragglerAndDecodesExactly(JavaSparkContext jsc) {
    double[] bsp;
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.bsp(), EngineTestSupport.options())) {
      bsp = engine.aggregate(MODEL, STATISTIC, 3).values();
    }
    AggregatorOptions options = straggling(EngineTestSupport.options(), slowZeroAndTwo());
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse("gcdc"), options)) {
      assertEquals("gcdc:s=1,clusters=2", engine.strategy().spec());
      for (int it = 0; it < ITERATIONS; it++) {
        AggregateResult result = engine.aggregate(MODEL, STATISTIC, 3);
        IterationRecord record = result.record();
        assertTrue(result.exact(), record.toString());
        assertTrue(relativeError(result.values(), bsp) <= 1e-12, record.toString());
        if (it == 0) {
          // home clusters [0, 2] and [1, 3]: cluster 0 holds both stragglers and waits for one
          assertTrue(record.choice().startsWith("home clusters [[0, 2], [1, 3]]"), record.choice());
          assertTrue(
              record.usedTasks().contains(0) || record.usedTasks().contains(2), record.toString());
        } else {
          // the last iteration's stragglers spread: one per cluster, decoded without them
          assertTrue(
              record.choice().startsWith("clusters [[0, 3], [1, 2]]: spread likely stragglers"),
              record.choice());
          assertEquals(List.of(1, 3), record.usedTasks(), record.toString());
          assertFalse(record.usedTasks().contains(0) || record.usedTasks().contains(2));
        }
      }
    }
  }

  @Test
  void roundsTheTaskCountToClustersTimesSPlusOneAndRefusesAnotherShape(JavaSparkContext jsc) {
    AggregatorOptions six = EngineTestSupport.options().withNumTasks(6);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, 6), AggregationStrategy.parse("gcdc:clusters=2"), six)) {
      assertEquals(8, engine.code().numTasks(), "6 rounded up to a multiple of 2 x (1+1)");
      assertEquals(RECORDS, engine.aggregate(MODEL, STATISTIC, 3).values()[1], 1e-9);
    }
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> AggregationStrategy.parse("gcdc:s=1,clusters=4").code(10));
    assertTrue(
        error.getMessage().contains("clusters=4 must divide numTasks n=10"), error.getMessage());
  }
}
