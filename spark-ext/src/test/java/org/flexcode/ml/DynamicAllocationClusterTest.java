package org.flexcode.ml;

import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Dynamic allocation (shuffle tracking with a 5 s timeout, no external shuffle service) on a
 * three-worker local cluster, between one and three executors, with idle timeouts of 3 s for
 * executors with and without cached blocks: executors holding cached data are removed between fits
 * (down to one), and during a fit while the driver pauses after iteration {@link #PAUSE_AFTER}
 * (every executor idle until one is removed); before each disturbed fit, pending tasks bring the
 * cluster back to three. {@code bsp}, {@code steal} and {@code auto:exact=true} each run every
 * iteration and end with the loss and model of an undisturbed {@code bsp} fit (1e-9); each
 * disturbed fit's records count the executors lost.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@SparkConfs({
  "spark.dynamicAllocation.enabled=true",
  "spark.executor.cores=1",
  "spark.dynamicAllocation.shuffleTracking.enabled=true",
  "spark.dynamicAllocation.shuffleTracking.timeout=5s",
  "spark.dynamicAllocation.minExecutors=1",
  "spark.dynamicAllocation.maxExecutors=3",
  "spark.dynamicAllocation.initialExecutors=3",
  "spark.dynamicAllocation.executorIdleTimeout=3s",
  "spark.dynamicAllocation.cachedExecutorIdleTimeout=3s",
  "spark.dynamicAllocation.schedulerBacklogTimeout=1s",
  "spark.dynamicAllocation.sustainedSchedulerBacklogTimeout=1s",
  "spark.locality.wait=3s"
})
@Tag("cluster")
class DynamicAllocationClusterTest {

  private static final int ITERATIONS = 8;
  private static final int PAUSE_AFTER = 3;
  private static final int TASKS = 4;
  private static final long WAIT_MS = 60_000;

  @Test
  void fitsStayExactWhileExecutorsHoldingCachedDataAreRemoved(
      JavaSparkContext jsc, SparkSession spark) throws Exception {
    SparkContext sc = jsc.sc();
    ExecutorEvents events = new ExecutorEvents();
    sc.addSparkListener(events);
    try {
      Dataset<Row> frame = ChurnFits.agaricus(jsc, spark, TASKS);
      ExecutorEvents.demand(jsc, 3);
      frame.count();
      ChurnFits.Fit reference = ChurnFits.fit(frame, "bsp", ITERATIONS, TASKS, it -> {});
      System.out.println("dynamic allocation, reference " + reference.recoveryLine());
      int removedBetweenFits = 0;
      for (String strategy : List.of("bsp", "steal", "auto:exact=true")) {
        int removedBefore = events.removed();
        ExecutorEvents.awaitRegistered(sc, 1, WAIT_MS);
        removedBetweenFits += events.removed() - removedBefore;
        System.out.printf(
            "dynamic allocation: %d executors removed after the fit before %s%n",
            events.removed() - removedBefore, strategy);
        ExecutorEvents.demand(jsc, 3);
        int removedBeforeFit = events.removed();
        ChurnFits.Fit fit =
            ChurnFits.fit(
                frame,
                strategy,
                ITERATIONS,
                TASKS,
                it -> {
                  if (it == PAUSE_AFTER) {
                    pauseUntilAnExecutorIsRemoved(events);
                  }
                });
        System.out.println(
            "dynamic allocation, "
                + fit.recoveryLine()
                + String.format(
                    "%n  executors removed during the fit: %s",
                    events.removals().subList(removedBeforeFit, events.removed())));
        ChurnFits.assertSameAs(reference, fit);
        assertTrue(
            fit.executorsLost() >= 1,
            strategy + ": the records count the executor removed mid-fit: " + fit.recoveryLine());
      }
      assertTrue(removedBetweenFits >= 2, "executors removed between fits: " + removedBetweenFits);
    } finally {
      sc.removeSparkListener(events);
    }
  }

  /** The driver idles (every executor with it) until dynamic allocation removes an executor. */
  private static void pauseUntilAnExecutorIsRemoved(ExecutorEvents events) {
    int before = events.removed();
    try {
      assertTrue(
          eventually(WAIT_MS, () -> events.removed() > before),
          "an idle executor removed while the fit paused");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
