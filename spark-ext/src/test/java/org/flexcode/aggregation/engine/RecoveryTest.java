package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.aggregation.UndecodableIterationException;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Resubmit, approximate or fail, without Spark: frc s=1 over 4 tasks. */
@Tag("unit")
class RecoveryTest {

  private static final AggregationStrategy FRC = AggregationStrategy.frc(1);
  private static final GradientCode CODE = FRC.code(4);
  private static final TaskLayout LAYOUT = new TaskLayout(CODE, ShadowSpec.NONE);
  private static final long[] RECORDS = {10, 10, 10, 10};
  private static final BoundStrategy BOUND = FRC.bind(CODE, RECORDS);
  private static final Throwable ABORTED = new IllegalStateException("job aborted");

  @Test
  void resubmitsWhenTheCodeCanDoWithoutTheFailedTasks() {
    Arrivals arrivals = arrivals(new int[] {0}, new int[] {2});
    Recovery recovery = new Recovery(BOUND, LAYOUT, EngineTestSupport.options(), RECORDS);

    assertTrue(recovery.shouldResubmit(ABORTED, 0, arrivals));
    assertFalse(recovery.shouldResubmit(ABORTED, 3, arrivals), "at most maxResubmits");
    assertFalse(recovery.shouldResubmit(null, 0, arrivals), "no job failed");
  }

  @Test
  void failsNamingTheBlocksOnlyTheFailedTasksHeld() {
    Arrivals arrivals = arrivals(new int[] {}, new int[] {2, 3});
    Recovery recovery = new Recovery(BOUND, LAYOUT, EngineTestSupport.options(), RECORDS);

    assertFalse(recovery.shouldResubmit(ABORTED, 0, arrivals));
    UndecodableIterationException e =
        assertThrows(UndecodableIterationException.class, () -> recovery.giveUp(7, arrivals, null));
    assertTrue(e.getMessage().startsWith("FlexCode iteration 7 (frc s=1"), e.getMessage());
    assertTrue(e.getMessage().contains("missing blocks {2, 3}"), e.getMessage());
    assertTrue(e.getMessage().contains("onUndecodable=approximate"), e.getMessage());
  }

  @Test
  void approximatesWhenAsked() {
    Arrivals arrivals = arrivals(new int[] {0, 1}, new int[] {2, 3});
    AggregatorOptions approximate =
        EngineTestSupport.options().withApproximateWhenUndecodable(true);
    Recovery recovery = new Recovery(BOUND, LAYOUT, approximate, RECORDS);

    Decision decision = recovery.giveUp(0, arrivals, ABORTED);
    assertFalse(decision.exact());
    // Group {0, 1} holds blocks 0 and 1 (20 of 40 records): the approximation counts them twice.
    assertEquals(2.0, decision.recordScale(), 1e-12);
    double[] coverage = new double[4];
    for (int task = 0; task < 4; task++) {
      for (int block : LAYOUT.blocksOf(task)) {
        coverage[block] += decision.weights()[task] * LAYOUT.coefficientOf(task, block);
      }
    }
    assertEquals(40.0, 10 * (coverage[0] + coverage[1] + coverage[2] + coverage[3]), 1e-9);
  }

  @Test
  void rescalesTheIgnoreStrategysPlainSumToAllRecords() {
    AggregationStrategy ignore = AggregationStrategy.ignore(1);
    GradientCode code = ignore.code(4);
    long[] records = {10, 30, 10, 30};
    Recovery recovery =
        new Recovery(
            ignore.bind(code, records),
            new TaskLayout(code, ShadowSpec.NONE),
            EngineTestSupport.options().withApproximateWhenUndecodable(true),
            records);
    Decision decision = recovery.giveUp(0, arrivals(new int[] {0, 1}, new int[] {2, 3}), ABORTED);
    assertEquals(80.0 / 40.0, decision.recordScale(), 1e-12);
    assertEquals(2.0, decision.weights()[0], 1e-12);
    assertEquals(0.0, decision.weights()[2], 1e-12);
  }

  @Test
  void rescalesGcdcByTheBlocksItsTasksComputedNotAllTheyCache() {
    AggregationStrategy gcdc = AggregationStrategy.gcdc(1, 2);
    GradientCode code = gcdc.code(4);
    TaskLayout layout = new TaskLayout(code, gcdc.cachedBlocks(code), ShadowSpec.NONE, 1.0);
    long[] records = {10, 10, 10, 10};
    Recovery recovery =
        new Recovery(
            gcdc.bind(code, records),
            layout,
            EngineTestSupport.options().withApproximateWhenUndecodable(true),
            records);
    // every task caches all 4 blocks; in the home clusters tasks 0 and 2 compute blocks {0, 1}
    assertEquals(4, layout.blocksOf(0).length);
    Decision decision = recovery.giveUp(0, arrivals(new int[] {0, 2}, new int[] {1, 3}), ABORTED);
    assertFalse(decision.exact());
    assertEquals(40.0 / 20.0, decision.recordScale(), 1e-12);
  }

  private static Arrivals arrivals(int[] finished, int[] failed) {
    Arrivals arrivals = new Arrivals();
    for (int task : finished) {
      arrivals.record(
          new PartialResult(
              0,
              task,
              0,
              "driver",
              0,
              0,
              0,
              PackedVector.pack(new double[1]),
              null,
              Double.NaN,
              1));
    }
    for (int task : failed) {
      arrivals.record(
          new PartialResult(0, task, 0, "driver", 0, 0, 0, null, "boom", Double.NaN, 1));
    }
    return arrivals;
  }
}
