package org.flexcode.ml;

import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ExecutorDecommissioning;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Graceful decommissioning on a three-worker local cluster ({@code spark.decommission.enabled},
 * cached RDD blocks migrated): after iteration {@link #DECOMMISSION_AFTER} of a fit, one of the
 * executors holding its cached data is decommissioned, as a cluster manager does before taking a
 * machine away; after iteration {@link #GONE_BY} the driver waits until it has left. {@code bsp},
 * {@code steal} and {@code auto:exact=true} each run every iteration and end with the loss and
 * model of an undisturbed {@code bsp} fit (1e-9), and their records count the executor lost once
 * (Spark reports it removed twice: when decommissioned and when its process exits).
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@SparkConfs({
  "spark.decommission.enabled=true",
  "spark.storage.decommission.enabled=true",
  "spark.storage.decommission.rddBlocks.enabled=true",
  "spark.storage.decommission.replicationReattemptInterval=1s",
  "spark.locality.wait=3s"
})
@Tag("cluster")
class DecommissionClusterTest {

  private static final int ITERATIONS = 8;
  private static final int DECOMMISSION_AFTER = 3;
  private static final int GONE_BY = 5;
  private static final int TASKS = 4;
  private static final long WAIT_MS = 90_000;

  @Test
  void fitsStayExactWhenAnExecutorIsDecommissionedMidFit(JavaSparkContext jsc, SparkSession spark)
      throws Exception {
    SparkContext sc = jsc.sc();
    ExecutorEvents events = new ExecutorEvents();
    sc.addSparkListener(events);
    try {
      Dataset<Row> frame = ChurnFits.agaricus(jsc, spark, TASKS);
      ExecutorEvents.awaitRegistered(sc, 3, 180_000);
      frame.count();
      ChurnFits.Fit reference = ChurnFits.fit(frame, "bsp", ITERATIONS, TASKS, it -> {});
      System.out.println("decommissioning, reference " + reference.recoveryLine());
      for (String strategy : List.of("bsp", "steal", "auto:exact=true")) {
        ExecutorEvents.awaitRegistered(sc, 3, WAIT_MS); // the standalone master replaces one gone
        List<String> decommissioned = new ArrayList<>();
        int removedBefore = events.removed();
        ChurnFits.Fit fit =
            ChurnFits.fit(
                frame,
                strategy,
                ITERATIONS,
                TASKS,
                new MidFitDecommission(sc, events, decommissioned, removedBefore));
        System.out.println(
            "decommissioning, executor "
                + decommissioned
                + " after iteration "
                + DECOMMISSION_AFTER
                + ", "
                + fit.recoveryLine()
                + "\n  executors removed during the fit: "
                + events.removals().subList(removedBefore, events.removed()));
        ChurnFits.assertSameAs(reference, fit);
        assertEquals(
            1,
            fit.executorsLost(),
            strategy
                + ": the records count the decommissioned executor once: "
                + fit.recoveryLine());
      }
    } finally {
      sc.removeSparkListener(events);
    }
  }

  /**
   * After iteration {@link #DECOMMISSION_AFTER}: decommissions an executor; after {@link #GONE_BY}:
   * waits until an executor was removed.
   */
  private static final class MidFitDecommission implements java.util.function.IntConsumer {
    private final SparkContext sc;
    private final ExecutorEvents events;
    private final List<String> decommissioned;
    private final int removedBefore;

    MidFitDecommission(
        SparkContext sc, ExecutorEvents events, List<String> decommissioned, int removedBefore) {
      this.sc = sc;
      this.events = events;
      this.decommissioned = decommissioned;
      this.removedBefore = removedBefore;
    }

    @Override
    public void accept(int iteration) {
      if (iteration == DECOMMISSION_AFTER) {
        String victim = anExecutorOfTheFit();
        assertTrue(
            ExecutorDecommissioning.decommission(sc, victim, "taken away mid-fit"),
            "the scheduler accepted decommissioning executor " + victim);
        decommissioned.add(victim);
      } else if (iteration == GONE_BY) {
        try {
          assertTrue(
              eventually(WAIT_MS, () -> events.removed() > removedBefore),
              "executor " + decommissioned + " left after decommissioning");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
    }

    /** The first executor registered (with four tasks on three executors, each holds copies). */
    private String anExecutorOfTheFit() {
      return SparkInternals.executors(sc).get(0).id();
    }
  }
}
