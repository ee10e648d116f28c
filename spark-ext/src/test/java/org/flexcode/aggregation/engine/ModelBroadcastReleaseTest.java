package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.util.AccumulatorV2;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.IterationCancelledException;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.CapturedLog;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The default strategy's model broadcasts outlive every job of their iteration: an iteration whose
 * job Spark's scheduler has not yet serialized when the engine closes (the scheduler thread busy
 * elsewhere, the fit's thread interrupted) ends without Spark logging the use of a destroyed
 * broadcast, and the engine still releases every broadcast.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[2]")
@Tag("spark")
class ModelBroadcastReleaseTest {

  private static final long SCHEDULER_BUSY_MS = 2_000;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @Test
  void aJobSerializedAfterTheFitEndedFindsItsBroadcast(JavaSparkContext jsc) throws Exception {
    StragglerHook slowSecondIteration = StragglerHook.none();
    for (int task = 0; task < 16; task++) {
      slowSecondIteration = slowSecondIteration.and(1, task, 3_000); // cancelled while asleep
    }
    AggregatorOptions options = straggling(EngineTestSupport.options(), slowSecondIteration);
    try (CapturedLog errors = CapturedLog.attachToRoot(Level.ERROR)) {
      CodedAggregator<Double> engine =
          CodedAggregator.create(
              data(jsc, 400, 4), AggregationStrategy.parse("auto:exact=true"), options);
      try {
        engine.aggregate(1.0, STATISTIC, 3);
        keepSchedulerBusy(jsc);
        Thread fit = Thread.currentThread();
        Thread interrupter =
            new Thread(
                () -> {
                  sleep(300); // the second iteration's job is submitted, not yet serialized
                  fit.interrupt();
                });
        interrupter.start();
        assertThrows(IterationCancelledException.class, () -> engine.aggregate(2.0, STATISTIC, 3));
        Thread.interrupted();
        interrupter.join();
      } finally {
        engine.close();
      }
      sleep(SCHEDULER_BUSY_MS); // the scheduler serializes the queued job, then cancels it
      org.flexcode.spark.internal.SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
      List<String> broadcastErrors =
          errors.events().stream().filter(e -> e.toLowerCase().contains("broadcast")).toList();
      assertEquals(List.of(), broadcastErrors, "errors about a broadcast");
      assertEquals(0, engine.liveBroadcasts(), "every broadcast released");
    }
  }

  /** Blocks Spark's scheduler thread for {@link #SCHEDULER_BUSY_MS}, from now on. */
  private static void keepSchedulerBusy(JavaSparkContext jsc) throws InterruptedException {
    SlowMerge slow = new SlowMerge();
    jsc.sc().register(slow, "slow merge");
    CountDownLatch busy = SlowMerge.BUSY;
    jsc.parallelize(List.of(1), 1).foreachAsync(x -> slow.add(1L));
    assertTrue(busy.await(30, TimeUnit.SECONDS), "the scheduler thread merges the slow update");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** An accumulator whose driver-side merge (on the scheduler thread) takes a while. */
  private static final class SlowMerge extends AccumulatorV2<Long, Long> {
    private static final long serialVersionUID = 1L;
    static final CountDownLatch BUSY = new CountDownLatch(1);
    private long sum;

    @Override
    public boolean isZero() {
      return sum == 0;
    }

    @Override
    public AccumulatorV2<Long, Long> copy() {
      SlowMerge copy = new SlowMerge();
      copy.sum = sum;
      return copy;
    }

    @Override
    public void reset() {
      sum = 0;
    }

    @Override
    public void add(Long v) {
      sum += v;
    }

    @Override
    public void merge(AccumulatorV2<Long, Long> other) {
      BUSY.countDown();
      sleep(SCHEDULER_BUSY_MS); // task work: holds Spark's scheduler thread, which merges updates
      sum += other.value();
    }

    @Override
    public Long value() {
      return sum;
    }
  }
}
