package org.flexcode.aggregation.strategy.shadow;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Shadow tasks on local[4]: four primaries (blocks of 100 records), one shadow after them (task 4)
 * holding a weighted subset of every block.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class ShadowAggregationTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;
  static final int SHADOW_TASK = 4;

  @BeforeEach
  void forgetDelays() {
    StragglerHook.clearOutcomes();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @Test
  void aStragglersBlockIsReplacedByItsShadowsEstimate(JavaSparkContext jsc) throws Exception {
    EngineTestSupport.TaskEnds listener = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(listener);
    int straggler = 2;
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, straggler, 60_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse("shadow:m=1,f=0.2"), options)) {
      AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = result.record();

      assertEquals(Map.of(straggler, SHADOW_TASK), record.estimatedBlocks(), record.toString());
      assertFalse(result.exact());
      assertTrue(record.usedTasks().contains(SHADOW_TASK), record.toString());
      assertFalse(record.usedTasks().contains(straggler), record.toString());
      assertTrue(record.cancelledTasks().contains(straggler), record.toString());
      // The shadow's weights sum to the block's size, so the record count is exact; the sums of
      // the values and their squares are estimates for block 2 only.
      double[] truth = expected(RECORDS, 1.0);
      assertEquals(RECORDS, result.values()[1], 1e-9);
      assertTrue(relativeError(result.values(), truth) < 0.05, () -> "far from the sum");
      assertTrue(relativeError(result.values(), truth) > 0, "an estimate, not the exact sum");
      assertTrue(eventually(10_000, () -> listener.killed(straggler)), "straggler interrupted");
    }
  }

  @Test
  void withoutStragglersTheShadowIsNotUsedAndTheSumIsExact(JavaSparkContext jsc) {
    // The shadow itself is slow here, so every primary finishes first.
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, SHADOW_TASK, 60_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse("shadow:m=1,f=0.2"), options)) {
      AggregateResult result = engine.aggregate(2.0, STATISTIC, 3);
      IterationRecord record = result.record();
      assertTrue(result.exact(), record.toString());
      assertTrue(record.estimatedBlocks().isEmpty(), record.toString());
      assertFalse(record.usedTasks().contains(SHADOW_TASK), record.toString());
      assertTrue(record.cancelledTasks().contains(SHADOW_TASK), record.toString());
      assertTrue(relativeError(result.values(), expected(RECORDS, 2.0)) <= 1e-12);
    }
  }

  @Test
  void hybridIsExactWithinTheCodesToleranceAndShadowCoveredBeyond(JavaSparkContext jsc) {
    // FRC s=1 over 4 tasks: groups {0,1} and {2,3}. Iteration 0: one straggler (task 3), the
    // code decodes. The shadow is held back too, so the iteration cannot end on it when task 2 is
    // merely late: without that, a slow task 2 lets the shadow cover blocks 2 and 3 (legitimately).
    // Iteration 1: both copies of blocks 2 and 3 straggle; the shadow covers them.
    StragglerHook hook =
        StragglerHook.delay(0, 3, 60_000)
            .and(0, SHADOW_TASK, 60_000)
            .and(1, 2, 60_000)
            .and(1, 3, 60_000);
    AggregatorOptions options = straggling(EngineTestSupport.options(), hook);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("hybrid:s=1,m=1,f=0.2"),
            options)) {
      AggregateResult first = engine.aggregate(1.0, STATISTIC, 3);
      assertTrue(first.exact(), first.record().toString());
      assertTrue(first.record().estimatedBlocks().isEmpty());
      assertFalse(first.record().usedTasks().contains(SHADOW_TASK), first.record().toString());
      assertTrue(first.record().cancelledTasks().contains(SHADOW_TASK), first.record().toString());
      assertTrue(relativeError(first.values(), expected(RECORDS, 1.0)) <= 1e-12);

      AggregateResult second = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = second.record();
      assertFalse(second.exact());
      assertEquals(Map.of(2, SHADOW_TASK, 3, SHADOW_TASK), record.estimatedBlocks());
      assertTrue(record.cancelledTasks().containsAll(java.util.List.of(2, 3)), record.toString());
      assertEquals(RECORDS, second.values()[1], 1e-9);
      assertTrue(relativeError(second.values(), expected(RECORDS, 1.0)) < 0.05);
    }
  }

  @Test
  void hybridWithCyclicPrimariesCoversWhatTheCodeCannotDecode(JavaSparkContext jsc) {
    // Cyclic s=1 over 4 tasks: task t holds blocks t and t+1 (mod 4). Iteration 0: task 1 straggles
    // and the code decodes exactly. Iteration 1: tasks 1 and 2 straggle, so no finished primary
    // holds block 2; the shadow covers it (and whatever tasks 0 and 3 cannot decode).
    StragglerHook hook =
        StragglerHook.delay(0, 1, 60_000)
            .and(0, SHADOW_TASK, 60_000)
            .and(1, 1, 60_000)
            .and(1, 2, 60_000);
    AggregatorOptions options = straggling(EngineTestSupport.options(), hook);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("hybrid:s=1,m=1,f=0.2,code=cyclic"),
            options)) {
      AggregateResult first = engine.aggregate(1.0, STATISTIC, 3);
      assertTrue(first.exact(), first.record().toString());
      assertTrue(relativeError(first.values(), expected(RECORDS, 1.0)) <= 1e-12);

      AggregateResult second = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = second.record();
      assertFalse(second.exact());
      // The decoding of tasks 0 and 3 may miss part of blocks 0, 1 and 3 too; the shadow, which
      // covers every block here, makes up the rest.
      assertEquals(SHADOW_TASK, record.estimatedBlocks().get(2), record.toString());
      assertTrue(record.usedTasks().containsAll(java.util.List.of(0, 3)), record.toString());
      assertTrue(record.cancelledTasks().containsAll(java.util.List.of(1, 2)), record.toString());
      assertEquals(RECORDS, second.values()[1], 1e-9);
      assertTrue(relativeError(second.values(), expected(RECORDS, 1.0)) < 0.05);
      assertTrue(relativeError(second.values(), expected(RECORDS, 1.0)) > 0, "an estimate");
    }
  }

  @Test
  void lateShadowsAreNotLaunchedWhileNoPrimaryRunsLate(JavaSparkContext jsc) {
    // Every primary takes 300 ms; a shadow would launch only once one ran 3 x that.
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < 3; it++) {
      for (int task = 0; task < TASKS; task++) {
        hook = hook.and(it, task, 300);
      }
    }
    EngineTestSupport.TaskStarts starts = new EngineTestSupport.TaskStarts();
    AggregatorOptions options = straggling(EngineTestSupport.options(), hook);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("shadow:m=1,f=0.2,late=3"),
            options)) {
      jsc.sc().addSparkListener(starts);
      for (int it = 0; it < 3; it++) {
        AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
        assertTrue(result.exact(), result.record().toString());
        assertTrue(result.record().estimatedBlocks().isEmpty());
        assertTrue(result.record().cancelledTasks().isEmpty(), result.record().toString());
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) <= 1e-12);
      }
      assertTrue(starts.stagesOf(SHADOW_TASK).isEmpty(), "the shadow task never started");
      assertEquals(3, starts.stagesOf(0).size(), "one primary stage per iteration");
    } finally {
      jsc.sc().removeSparkListener(starts);
    }
  }

  @Test
  void aLateShadowIsLaunchedForAStragglerAndStandsInForIt(JavaSparkContext jsc) throws Exception {
    EngineTestSupport.TaskEnds ends = new EngineTestSupport.TaskEnds();
    EngineTestSupport.TaskStarts starts = new EngineTestSupport.TaskStarts();
    jsc.sc().addSparkListener(ends);
    int straggler = 1;
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, straggler, 60_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("shadow:m=1,f=0.2,late=1.5"),
            options)) {
      jsc.sc().addSparkListener(starts); // after the setup job, which runs every partition
      AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = result.record();
      assertEquals(Map.of(straggler, SHADOW_TASK), record.estimatedBlocks(), record.toString());
      assertFalse(result.exact());
      assertTrue(record.cancelledTasks().contains(straggler), record.toString());
      assertEquals(RECORDS, result.values()[1], 1e-9, "the shadow's weights sum to the block");
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) < 0.05);
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) > 0, "an estimate");
      jsc.sc().listenerBus().waitUntilEmpty(); // the shadow's start event reaches the listener
      java.util.Set<Integer> shadowStages = starts.stagesOf(SHADOW_TASK);
      assertEquals(1, shadowStages.size());
      assertFalse(starts.stagesOf(0).containsAll(shadowStages), "launched in its own, later job");
      assertTrue(eventually(10_000, () -> ends.killed(straggler)), "straggler interrupted");
    } finally {
      jsc.sc().removeSparkListener(ends);
      jsc.sc().removeSparkListener(starts);
    }
  }

  @Test
  void aPrimaryThatSparkGivesUpOnIsCoveredByALateShadowLaunchedWithTheResubmit(
      JavaSparkContext jsc) {
    BlockStatistic<Double, Double> failsOnTask1 =
        (model, iteration, block, records, out) -> {
          if (org.apache.spark.TaskContext.get().partitionId() == 1) {
            throw new IllegalStateException("simulated failure of task 1");
          }
          STATISTIC.accumulate(model, iteration, block, records, out);
        };
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("shadow:m=1,f=0.2,late=3"),
            EngineTestSupport.options())) {
      AggregateResult result = engine.aggregate(1.0, failsOnTask1, 3);
      IterationRecord record = result.record();
      assertTrue(record.failedAttempts() >= 1, record.toString());
      assertEquals(Map.of(1, SHADOW_TASK), record.estimatedBlocks(), record.toString());
      assertFalse(record.usedTasks().contains(1), record.toString());
      assertEquals(RECORDS, result.values()[1], 1e-9);
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) < 0.05);
    }
  }
}
