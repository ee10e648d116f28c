package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.UndecodableIterationException;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The engine on local[4]: four task slots, four tasks. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class CodedAggregatorTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;

  @BeforeEach
  void forgetDelays() {
    StragglerHook.clearOutcomes();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest
  @ValueSource(strings = {"bsp", "frc:s=1", "cyclic:s=1", "cyclic:s=2", "ignore:b=0"})
  void exactStrategiesGiveTheFullSum(String spec, JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse(spec),
            EngineTestSupport.options())) {
      for (double model : new double[] {1.0, -2.5}) {
        AggregateResult result = engine.aggregate(model, STATISTIC, 3);
        assertTrue(result.exact(), spec);
        assertTrue(relativeError(result.values(), expected(RECORDS, model)) <= 1e-9, spec);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"frc:s=1", "cyclic:s=1", "ignore:b=1"})
  void endsTheIterationWhileA60SecondStragglerRunsThenInterruptsIt(
      String spec, JavaSparkContext jsc) throws Exception {
    EngineTestSupport.TaskEnds listener = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(listener);
    int straggler = 3;
    // The other tasks take 500 ms, so that the straggler has surely begun its delay when the
    // iteration ends, even on a loaded host (else it is killed before it sleeps, and nothing is
    // interrupted).
    StragglerHook delays =
        StragglerHook.delay(0, straggler, 60_000).and(0, 0, 500).and(0, 1, 500).and(0, 2, 500);
    AggregatorOptions options = straggling(EngineTestSupport.options(), delays);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse(spec), options)) {
      AggregateResult result = engine.aggregate(2.0, STATISTIC, 3);
      IterationRecord record = result.record();

      // The iteration ended without the straggler, which was still running: its job had not ended,
      // so the other tasks' results reached the driver through the accumulator.
      assertTrue(record.cancelledTasks().contains(straggler), spec + " " + record);
      assertFalse(record.usedTasks().contains(straggler), spec);
      assertTrue(
          record.finished().stream().noneMatch(t -> t.task() == straggler), "straggler unused");
      assertTrue(
          listener.jobEndMs.stream().noneMatch(t -> t < record.decodeStartMs()),
          "no iteration job had ended before decoding: " + listener.jobEndMs);

      // The straggler was interrupted: Spark reports it killed and it never finished its sleep.
      assertTrue(
          eventually(20_000, () -> listener.killed(straggler)), "task killed: " + listener.ends);
      assertTrue(
          eventually(
              20_000,
              () ->
                  StragglerHook.outcomes().stream()
                      .anyMatch(o -> o.task() == straggler && o.interrupted())),
          "straggler interrupted: " + StragglerHook.outcomes());
      assertTrue(
          StragglerHook.outcomes().stream()
              .noneMatch(o -> o.task() == straggler && !o.interrupted()));

      if (!spec.startsWith("ignore")) {
        assertTrue(result.exact());
        assertTrue(relativeError(result.values(), expected(RECORDS, 2.0)) <= 1e-9, spec);
      } else {
        // ignore: the three used blocks, rescaled by all records / records aggregated
        assertFalse(result.exact());
        assertEquals(RECORDS, result.values()[1], 1e-9);
      }
      // The next iteration runs normally.
      AggregateResult next = engine.aggregate(1.0, STATISTIC, 3);
      assertEquals(RECORDS, next.values()[1], 1e-9);
      assertEquals(1, next.record().iteration());
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
  }

  @Test
  void bspWaitsForTheStraggler(JavaSparkContext jsc) {
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, 2, 3_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.bsp(), options)) {
      AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = result.record();
      assertEquals(List.of(0, 1, 2, 3), record.usedTasks());
      assertTrue(record.cancelledTasks().isEmpty());
      assertEquals(2, record.finished().get(TASKS - 1).task(), "the straggler came last");
      assertTrue(
          StragglerHook.outcomes().stream().anyMatch(o -> o.task() == 2 && !o.interrupted()));
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) <= 1e-12);
    }
  }

  @Test
  void aResultOfOneIterationIsNeverUsedInTheNext(JavaSparkContext jsc) {
    // Iteration 0's task 3 is not cancelled and finishes during iteration 1, whose tasks all
    // straggle longer; if its result were taken for iteration 1's task 3, group {2, 3} would
    // decode with the wrong model.
    StragglerHook hook = StragglerHook.delay(0, 3, 2_500);
    for (int task = 0; task < TASKS; task++) {
      hook = hook.and(1, task, 5_000);
    }
    AggregatorOptions options =
        straggling(EngineTestSupport.options().withCancelStragglers(false), hook);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.frc(1), options)) {
      AggregateResult first = engine.aggregate(1.0, STATISTIC, 3);
      assertFalse(first.record().usedTasks().contains(3));
      AggregateResult second = engine.aggregate(2.0, STATISTIC, 3);
      assertTrue(second.record().lateResultsDropped() >= 1, second.record().toString());
      assertTrue(relativeError(second.values(), expected(RECORDS, 2.0)) <= 1e-9);
    }
  }

  /**
   * Spark's {@code Broadcast.destroy()} removes the blocks asynchronously, so the previous
   * iteration's broadcast may still be live for a moment; 200 undestroyed ones would stay.
   */
  @Test
  void holdsAtMostTwoBroadcastsAndOneAccumulatorAfter200Iterations(JavaSparkContext jsc)
      throws InterruptedException {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, 40, TASKS), AggregationStrategy.cyclic(1), EngineTestSupport.options())) {
      Set<Long> accumulators = new java.util.HashSet<>();
      Set<Long> broadcasts = new java.util.HashSet<>();
      for (int i = 0; i < 200; i++) {
        IterationRecord record = engine.aggregate((double) i, STATISTIC, 3).record();
        accumulators.add(record.accumulatorId());
        broadcasts.add(record.broadcastId());
      }
      assertEquals(1, accumulators.size(), "one accumulator for all iterations");
      assertEquals(200, broadcasts.size(), "a fresh broadcast per iteration");
      assertTrue(
          eventually(10_000, () -> engine.liveBroadcasts() <= 2),
          "live broadcasts: " + engine.liveBroadcasts());
    }
  }

  @Test
  void decodesWithoutATaskThatFailsWhenTheCodeToleratesIt(JavaSparkContext jsc) {
    BlockStatistic<Double, Double> failsOnTask1 =
        (model, iteration, block, records, out) -> {
          if (TaskContext.get().partitionId() == 1) {
            throw new IllegalStateException("simulated failure of task 1");
          }
          STATISTIC.accumulate(model, iteration, block, records, out);
        };
    // Task 0, the other copy of group {0, 1}, is slow, so the iteration needs task 1 until it
    // fails; Spark (local mode: no retries) aborts the job, and the engine reruns what it needs.
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, 0, 1_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.frc(1), options)) {
      AggregateResult result = engine.aggregate(1.0, failsOnTask1, 3);
      assertTrue(result.record().failedAttempts() >= 1, result.record().toString());
      // The engine resubmitted the tasks it still needed after Spark aborted the job.
      assertTrue(result.record().tasksResubmitted() >= 1, result.record().toString());
      assertEquals(0, result.record().executorsLost());
      assertFalse(result.record().usedTasks().contains(1));
      assertTrue(result.record().usedTasks().contains(0));
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) <= 1e-9);
    }
  }

  @Test
  void failsNamingTheIterationAndBlocksWhenSparkGivesUpOnANeededTask(JavaSparkContext jsc) {
    BlockStatistic<Double, Double> failsOnTask2 =
        (model, iteration, block, records, out) -> {
          if (TaskContext.get().partitionId() == 2) {
            throw new IllegalStateException("simulated failure of task 2");
          }
          STATISTIC.accumulate(model, iteration, block, records, out);
        };
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.bsp(), EngineTestSupport.options())) {
      UndecodableIterationException e =
          assertThrows(
              UndecodableIterationException.class, () -> engine.aggregate(1.0, failsOnTask2, 3));
      assertTrue(e.getMessage().contains("iteration 0"), e.getMessage());
      assertTrue(e.getMessage().contains("missing blocks {2}"), e.getMessage());
      assertTrue(e.getMessage().contains("simulated failure of task 2"), e.getMessage());
    }
    AggregatorOptions approximate =
        EngineTestSupport.options().withApproximateWhenUndecodable(true);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.bsp(), approximate)) {
      AggregateResult result = engine.aggregate(1.0, failsOnTask2, 3);
      assertFalse(result.exact());
      assertEquals(1.0, result.record().residual(), 1e-12);
      assertEquals(List.of(0, 1, 3), result.record().usedTasks());
      // Rescaled by all records / records aggregated: the count is all records, not 3/4 of them.
      assertEquals(4.0 / 3.0, result.record().recordScale(), 1e-12);
      assertEquals(RECORDS, result.values()[1], 1e-9);
    }
  }

  @Test
  void approximateBspIsUnbiasedOverWhichBlockIsLostForGood(JavaSparkContext jsc) {
    AggregatorOptions approximate =
        EngineTestSupport.options().withApproximateWhenUndecodable(true);
    double[] mean = new double[3];
    for (int lost = 0; lost < TASKS; lost++) {
      int failing = lost;
      BlockStatistic<Double, Double> losesOneBlock =
          (model, iteration, block, records, out) -> {
            if (TaskContext.get().partitionId() == failing) {
              throw new IllegalStateException("block " + failing + " lost for good");
            }
            STATISTIC.accumulate(model, iteration, block, records, out);
          };
      try (CodedAggregator<Double> engine =
          CodedAggregator.create(
              data(jsc, RECORDS, TASKS), AggregationStrategy.bsp(), approximate)) {
        AggregateResult result = engine.aggregate(1.0, losesOneBlock, 3);
        assertFalse(result.exact());
        assertFalse(result.record().usedTasks().contains(failing));
        for (int d = 0; d < 3; d++) {
          mean[d] += result.values()[d] / TASKS;
        }
      }
    }
    // Averaged over the block lost (equal blocks), the estimate is the exact sum.
    assertTrue(
        relativeError(mean, expected(RECORDS, 1.0)) <= 1e-12, java.util.Arrays.toString(mean));
  }

  @Test
  void rejectsNonFiniteStatisticsNamingTheBlock(JavaSparkContext jsc) {
    BlockStatistic<Double, Double> nanInBlock2 =
        (model, iteration, block, records, out) -> out[0] += block == 2 ? Double.NaN : 1.0;
    // Tasks 0 and 1 are still running when Spark aborts the job over tasks 2 and 3, so none has
    // finished: the error still names the blocks lost with the failed tasks, not every block.
    AggregatorOptions slowGroup =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, 0, 5_000).and(0, 1, 5_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.frc(1), slowGroup)) {
      UndecodableIterationException e =
          assertThrows(
              UndecodableIterationException.class, () -> engine.aggregate(1.0, nanInBlock2, 1));
      assertTrue(e.getMessage().contains("statistic of block 2 is not finite"), e.getMessage());
      assertTrue(e.getMessage().contains("missing blocks {2, 3}"), e.getMessage());
    }
  }

  @Test
  void countsRecordsPerBlockIncludingEmptyBlocks(JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, 3, TASKS), AggregationStrategy.cyclic(1), EngineTestSupport.options())) {
      long[] counts = engine.blockRecords();
      assertEquals(3, java.util.Arrays.stream(counts).sum());
      assertEquals(
          1, java.util.Arrays.stream(counts).filter(c -> c == 0).count(), "one empty block");
      assertTrue(
          relativeError(engine.aggregate(1.0, STATISTIC, 3).values(), expected(3, 1.0)) <= 1e-9);
    }
  }

  @Test
  void labelsJobsForTheSparkUi(JavaSparkContext jsc) {
    List<String> descriptions = new java.util.concurrent.CopyOnWriteArrayList<>();
    org.apache.spark.scheduler.SparkListener listener =
        new org.apache.spark.scheduler.SparkListener() {
          @Override
          public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart jobStart) {
            descriptions.add(jobStart.properties().getProperty("spark.job.description"));
          }
        };
    jsc.sc().addSparkListener(listener);
    AggregatorOptions options = EngineTestSupport.options().withWorkload("lr", 100);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), AggregationStrategy.cyclic(1), options)) {
      engine.aggregate(1.0, STATISTIC, 3);
      assertTrue(
          eventually(
              5_000, () -> descriptions.contains("FlexCode lr iteration 1/100 (cyclic s=1)")),
          descriptions.stream().collect(Collectors.joining(", ")));
      assertEquals(null, jsc.getLocalProperty("spark.jobGroup.id"), "caller's job group restored");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
  }
}
