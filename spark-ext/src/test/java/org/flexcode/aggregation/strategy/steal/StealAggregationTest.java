package org.flexcode.aggregation.strategy.steal;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.flexcode.aggregation.copies.internal.StealRecord;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code steal:home=chunks} on local[4] (one executor: copies share it, late copies on free cores):
 * four blocks of 100 records, two chunks each (chunks 0..7 = tasks 0..7, their second copies tasks
 * 8..15).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
public class StealAggregationTest {

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
  void aSlowChunkGetsALateCopyAndTheSumEqualsBsps(JavaSparkContext jsc) throws Exception {
    double[] bsp = bspSum(jsc, 2.0);
    EngineTestSupport.TaskEnds ends = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(ends);
    int slow = 2;
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, slow, 60_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,home=chunks"),
            options)) {
      long start = System.currentTimeMillis();
      AggregateResult result = engine.aggregate(2.0, STATISTIC, 3);
      IterationRecord record = result.record();

      assertTrue(System.currentTimeMillis() - start < 30_000, "did not wait for the straggler");
      assertTrue(result.exact());
      assertTrue(relativeError(result.values(), bsp) <= 1e-12, record.toString());
      StealRecord steal = result.detail(StealRecord.class).orElse(StealRecord.NONE);
      StealRecord.Move move =
          steal.moves().stream().filter(m -> m.chunk() == slow).findFirst().orElseThrow();
      assertEquals(slow, move.fromTask());
      assertEquals(CHUNKS + slow, move.toTask());
      assertTrue(move.late(), steal.toString());
      // Other chunks may get late copies too when the loaded machine slows them past 100 ms.
      assertTrue(steal.copiesLaunched() >= 1, steal.toString());
      assertTrue(steal.duplicatedTaskMs() > 0, "the straggler ran until it was cancelled");
      assertTrue(record.usedTasks().contains(CHUNKS + slow), record.toString());
      assertTrue(record.cancelledTasks().contains(slow), record.toString());
      assertEquals(steal.workMoved(), record.chunksMoved(), "the record counts the moves");
      org.flexcode.metrics.CancelledTask cut =
          record.cancelledRuns().stream()
              .filter(c -> c.task() == slow)
              .findFirst()
              .orElseThrow(() -> new AssertionError("no launch of " + slow + ": " + record));
      assertTrue(cut.launchMs() <= record.decodeStartMs(), "launched before it was cancelled");
      assertTrue(eventually(10_000, () -> ends.killed(slow)), "straggler interrupted");
    }
  }

  @Test
  void aChunkBothOfWhoseCopiesFinishedCountsOnce(JavaSparkContext jsc) {
    // Chunk 1's home copy finishes (after 1.5 s) after its late copy, while the iteration still
    // waits for chunk 0: both copies of chunk 1 arrive, one counts.
    StragglerHook delays = StragglerHook.delay(0, 0, 60_000).and(0, 1, 1_500).and(0, CHUNKS, 4_000);
    AggregatorOptions options = straggling(EngineTestSupport.options(), delays);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,home=chunks"),
            options)) {
      AggregateResult result = engine.aggregate(1.0, STATISTIC, 3);
      IterationRecord record = result.record();

      Set<Integer> finished =
          record.finished().stream().map(TaskTiming::task).collect(Collectors.toSet());
      assertTrue(finished.containsAll(List.of(1, CHUNKS + 1)), record.toString());
      long chunk1Used = record.usedTasks().stream().filter(t -> t == 1 || t == CHUNKS + 1).count();
      assertEquals(1, chunk1Used, record.toString());
      assertEquals(CHUNKS, record.usedTasks().size(), record.toString());
      assertTrue(relativeError(result.values(), expected(RECORDS, 1.0)) <= 1e-12);
    }
  }

  @Test
  void withoutStragglersNoChunkRunsTwice(JavaSparkContext jsc) throws Exception {
    EngineStarts starts = new EngineStarts();
    // late=50: machine noise alone never makes a millisecond chunk 50 x the median.
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,late=50,home=chunks"),
            EngineTestSupport.options())) {
      jsc.sc().addSparkListener(starts);
      for (int it = 0; it < 3; it++) {
        AggregateResult result = engine.aggregate(1.0 + it, STATISTIC, 3);
        assertEquals(StealRecord.NONE, result.detail(StealRecord.class).orElse(StealRecord.NONE));
        assertEquals(CHUNKS, result.record().usedTasks().size());
        assertTrue(result.record().usedTasks().stream().allMatch(t -> t < CHUNKS));
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0 + it)) <= 1e-12);
      }
      assertTrue(eventually(10_000, () -> starts.partitions.size() >= 3 * CHUNKS));
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000); // every start of the ended jobs is in
      assertTrue(starts.partitions.stream().allMatch(p -> p < CHUNKS), "no copy ran");
      assertEquals(
          3 * CHUNKS, starts.partitions.size(), "each home copy once per iteration: " + starts);
    } finally {
      jsc.sc().removeSparkListener(starts);
    }
  }

  /**
   * Eight blocks on local[4]'s four slots queue for its cores, which have none to spare for chunk
   * tasks: the home work runs as one task per block from the first iteration.
   */
  @Test
  void oneExecutorQueuingItsBlocksRunsBlockTasksFromTheStart(JavaSparkContext jsc)
      throws Exception {
    EngineStarts starts = new EngineStarts();
    int blocks = 2 * BLOCKS;
    int iterations = 3;
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, blocks),
            AggregationStrategy.parse("steal:r=2,chunks=2,late=50"),
            EngineTestSupport.options())) {
      jsc.sc().addSparkListener(starts);
      for (int it = 0; it < iterations; it++) {
        AggregateResult result = engine.aggregate(1.0 + it, STATISTIC, 3);
        assertTrue(relativeError(result.values(), expected(RECORDS, 1.0 + it)) <= 1e-12);
      }
      assertTrue(eventually(10_000, () -> starts.partitions.size() >= iterations * blocks));
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000); // every start of the ended jobs is in
      assertEquals(iterations * blocks, starts.partitions.size(), "one per block: " + starts);
      assertEquals(
          0,
          starts.partitions.stream().filter(p -> p % 2 == 1).count(),
          "a second chunk launched on its own: " + starts);
    } finally {
      jsc.sc().removeSparkListener(starts);
    }
  }

  /** The partitions of the task starts in engine jobs that started after this listener. */
  public static final class EngineStarts extends org.apache.spark.scheduler.SparkListener {
    public final List<Integer> partitions = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Set<Integer> stages = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart jobStart) {
      String tags = jobStart.properties().getProperty("spark.job.tags");
      if (tags != null && tags.matches("(.*,)?flexcode-.*")) {
        org.flexcode.spark.internal.SparkInternals.intList(jobStart.stageIds())
            .forEach(stages::add);
      }
    }

    @Override
    public void onTaskStart(org.apache.spark.scheduler.SparkListenerTaskStart start) {
      if (stages.contains(start.stageId())) {
        partitions.add(start.taskInfo().partitionId());
      }
    }

    @Override
    public String toString() {
      return partitions.toString();
    }
  }

  @Test
  void aLostChunkCopyIsRecomputedFromItsBlock(JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("steal:r=2,chunks=2,home=chunks"),
            EngineTestSupport.options())) {
      assertArrayEquals(new long[] {100, 100, 100, 100}, engine.blockRecords(), "per input block");
      jsc.sc().env().blockManager().master().removeRdd(engine.codedRddId(), true);
      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(RECORDS, 3.0)) <= 1e-12);
    }
  }

  private static double[] bspSum(JavaSparkContext jsc, double model) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS), AggregationStrategy.bsp(), EngineTestSupport.options())) {
      return engine.aggregate(model, STATISTIC, 3).values();
    }
  }
}
