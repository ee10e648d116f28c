package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thirty fits of {@link FitSoak} in one application (every strategy family, completed, cancelled by
 * the user and failed) leave nothing behind: after every fit the persisted RDDs are the input's
 * alone, no listener is registered beyond the soak's own, and none of the fit's accumulators and
 * model broadcasts is held; live threads outside Spark's capped pools and driver heap of the last
 * ten fits are those of the first ten up to a small constant.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[2]")
@Tag("spark")
@Tag("soak")
class FitSoakTest {

  private static final int FITS = 30;
  private static final int WINDOW = 10;
  private static final double THREAD_SLACK = 2;
  private static final double HEAP_SLACK_MB = 64;

  @Test
  void thirtyFitsLeaveNoCachedDataListenerAccumulatorBroadcastOrThread(
      JavaSparkContext jsc, SparkSession spark) throws Exception {
    SparkContext sc = jsc.sc();
    Dataset<Row> frame =
        LocalSpark.cached(
            LocalSpark.binaryFrame(
                spark, ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString()));
    int persistedBefore = jsc.getPersistentRDDs().size();
    int listenersBefore = SparkInternals.listeners(sc).size();

    List<SoakSample> samples = FitSoak.run(frame, FITS, 3, s -> {});
    SoakSummary summary = SoakSummary.of(samples, WINDOW);
    System.out.print(summary.table());
    System.out.printf(
        "fit ms: mean %.0f, max %d%n",
        samples.stream().mapToLong(SoakSample::fitMs).average().orElse(0),
        samples.stream().mapToLong(SoakSample::fitMs).max().orElse(0));

    for (SoakSample s : samples) {
      String fit = "fit " + s.fit() + " (" + s.strategy() + ", " + s.outcome() + ")";
      assertEquals(persistedBefore, s.persistedRdds(), fit + ": persisted RDDs");
      assertTrue(
          s.listeners() <= listenersBefore + 1,
          fit + ": " + s.listeners() + " listeners, " + listenersBefore + " before the soak");
      assertEquals(0, s.fitAccumulatorsHeld(), fit + ": the fit's accumulators still registered");
      assertEquals(0, s.fitBroadcastsHeld(), fit + ": the fit's model broadcasts still held");
    }
    assertEquals(3, summary.outcomes().get("failed"), "failed fits: " + summary.outcomes());
    assertEquals(
        FITS - 3,
        summary.outcomes().getOrDefault("completed", 0)
            + summary.outcomes().getOrDefault("cancelled", 0),
        "completed and cancelled fits: " + summary.outcomes());
    assertTrue(
        summary.growth("unpooled_threads") <= THREAD_SLACK,
        "live threads outside Spark's capped pools grew: " + summary.table());
    assertTrue(
        summary.growth("live_heap_mb") <= HEAP_SLACK_MB, "live heap grew: " + summary.table());
    assertTrue(summary.growth("listeners") <= 0, "listeners grew: " + summary.table());
  }
}
