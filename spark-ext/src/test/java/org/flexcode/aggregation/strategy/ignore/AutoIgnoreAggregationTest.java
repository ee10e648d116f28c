package org.flexcode.aggregation.strategy.ignore;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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

/** {@code ignore:b=auto} on local[4], four tasks of 100 records, forced task times. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class AutoIgnoreAggregationTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;
  static final int SLOW_FROM = 4;
  static final int RECOVERED_FROM = 10;
  static final int ITERATIONS = 20;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /**
   * Every task sleeps 300 ms, task 3 (a slightly faster executor) 200 ms; in iterations 4..9 task 3
   * sleeps 2500 ms.
   */
  private static StragglerHook timeline() {
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      for (int task = 0; task < TASKS; task++) {
        boolean slow = task == 3 && it >= SLOW_FROM && it < RECOVERED_FROM;
        hook = hook.and(it, task, slow ? 2500 : task == 3 ? 200 : 300);
      }
    }
    return hook;
  }

  @Test
  void raisesBWhenATaskTurnsSlowAndLowersItWhenTheTaskRecovers(JavaSparkContext jsc) {
    AggregatorOptions options = straggling(EngineTestSupport.options(), timeline());
    List<IterationRecord> records = new ArrayList<>();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse("ignore:b=auto"), options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
        records.add(result.record());
        // rescaled as ignore's: the count is all records whatever b was
        assertEquals(RECORDS, result.values()[1], 1e-9, result.record().toString());
      }
    }
    // No history: the most the floor allows (b = 1) left out. Then healthy: every task used.
    assertEquals(1, bOf(records.get(0)), records.get(0).choice());
    assertEquals(TASKS - 1, records.get(0).usedTasks().size());
    for (int it = 1; it < SLOW_FROM; it++) {
      assertEquals(0, bOf(records.get(it)), records.get(it).choice());
      assertEquals(TASKS, records.get(it).usedTasks().size());
    }
    // The first slow iteration: the history did not show it yet (b = 0), but once the quorum (3 of
    // 4 at floor 0.75) was in, the deadline (1.5 x the quorum's time) ended it without task 3.
    IterationRecord first = records.get(SLOW_FROM);
    assertEquals(0, bOf(first), first.choice());
    assertEquals(TASKS - 1, first.usedTasks().size(), first.toString());
    assertTrue(first.cancelledTasks().contains(3), first.toString());
    // Task 3 seen slow: left out of every slow iteration (by the deadline while b stays 0, by b = 1
    // once the history holds enough of those iterations), and b raised to 1 before it recovers.
    boolean raised = false;
    for (int it = SLOW_FROM + 1; it < RECOVERED_FROM; it++) {
      IterationRecord record = records.get(it);
      raised |= bOf(record) == 1;
      assertFalse(record.usedTasks().contains(3), record.toString());
      assertTrue(record.cancelledTasks().contains(3), record.toString());
    }
    assertTrue(raised, "b raised while task 3 was slow");
    assertEquals(1, bOf(records.get(RECOVERED_FROM - 1)), records.get(RECOVERED_FROM - 1).choice());
    // Recovered: task 3 finishes among the first three again, and once the window (5 iterations)
    // holds only healthy iterations, b is back at 0.
    for (int it = RECOVERED_FROM + 6; it < ITERATIONS; it++) {
      assertEquals(0, bOf(records.get(it)), records.get(it).choice());
      assertEquals(TASKS, records.get(it).usedTasks().size());
    }
    assertTrue(records.get(SLOW_FROM + 1).choice().contains("records/s"));
  }

  @Test
  void parsesItsSpecAndRefusesFloorBesideAFixedB() {
    AggregationStrategy auto = AggregationStrategy.parse("ignore:b=auto,floor=0.5");
    assertEquals("ignore:b=auto,floor=0.5,window=5", auto.spec());
    assertEquals(auto, AggregationStrategy.parse(auto.spec()));
    assertFalse(auto.isExact());
    IllegalArgumentException fixed =
        assertThrows(
            IllegalArgumentException.class,
            () -> AggregationStrategy.parse("ignore:b=2,floor=0.5"));
    assertTrue(fixed.getMessage().contains("b=auto"), fixed.getMessage());
    IllegalArgumentException floor =
        assertThrows(
            IllegalArgumentException.class,
            () -> AggregationStrategy.parse("ignore:b=auto,floor=2"));
    assertTrue(floor.getMessage().contains("floor"), floor.getMessage());
  }

  /** The b an iteration ran with: the tasks it did not wait for. */
  private static int bOf(IterationRecord record) {
    String choice = record.choice();
    assertTrue(choice.startsWith("b="), "the record says which b: " + choice);
    return Integer.parseInt(choice.substring(2, choice.indexOf(':')));
  }
}
