package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A straggler that is slow because it computes, not because it sleeps: block 3's statistic spins on
 * the CPU for every record. Once the iteration decodes without it and cancels it, the task stops
 * reading records (local mode: the counter lives in this JVM) instead of finishing its block.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class InterruptibleComputeTest {

  static final int TASKS = 4;
  static final int RECORDS = 4 * 20_000;
  static final int SLOW_BLOCK = 3;
  static final AtomicLong SLOW_RECORDS = new AtomicLong();

  /** Counts records; spins ~0.5 ms of CPU per record of the slow block (10 s for its block). */
  static final BlockStatistic<Double, Double> SPINNING =
      (model, iteration, block, records, out) -> {
        for (double x : records) {
          if (block == SLOW_BLOCK) {
            SLOW_RECORDS.incrementAndGet();
            long until = System.nanoTime() + 500_000;
            while (System.nanoTime() < until) {
              Thread.onSpinWait();
            }
          }
          out[0] += x;
          out[1] += 1;
        }
      };

  @Test
  void aCancelledCpuBoundStragglerStopsReadingItsRecords(JavaSparkContext jsc) throws Exception {
    EngineTestSupport.TaskEnds listener = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(listener);
    SLOW_RECORDS.set(0);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS),
            AggregationStrategy.parse("ignore:b=1"),
            EngineTestSupport.options())) {
      long blockSize = engine.blockRecords()[SLOW_BLOCK];
      AggregateResult result = engine.aggregate(1.0, SPINNING, 2);
      assertTrue(result.record().cancelledTasks().contains(SLOW_BLOCK), "" + result.record());

      assertTrue(
          eventually(120_000, () -> listener.killed(SLOW_BLOCK)), "killed: " + listener.ends);
      long atKill = SLOW_RECORDS.get();
      assertTrue(
          atKill < blockSize,
          "the straggler read " + atKill + " of its " + blockSize + " records before it ended");
      // It read at most one more check interval after the cancel, and nothing once it ended.
      Thread.sleep(200); // that nothing more is read can only be seen over a span of time
      assertEquals(atKill, SLOW_RECORDS.get(), "records read after the task was killed");
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
  }
}
