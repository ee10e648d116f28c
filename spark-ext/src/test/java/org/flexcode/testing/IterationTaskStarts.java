package org.flexcode.testing;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Opens its {@link #latch} once a task of an engine job of one iteration started: a job tagged by
 * the engine whose description names that iteration (numbered from 1, as the descriptions number
 * them).
 */
public final class IterationTaskStarts extends SparkListener {

  /** Opens at the first task start of the iteration's engine jobs. */
  public final CountDownLatch latch = new CountDownLatch(1);

  private final int iteration;
  private final Set<Integer> stages = ConcurrentHashMap.newKeySet();

  /** Watches iteration {@code iteration} (from 1). */
  public IterationTaskStarts(int iteration) {
    this.iteration = iteration;
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    String tags = jobStart.properties().getProperty("spark.job.tags", "");
    String description = jobStart.properties().getProperty("spark.job.description", "");
    if (tags.contains("flexcode-") && description.matches(".* iteration " + iteration + "[/ ].*")) {
      stages.addAll(SparkInternals.intList(jobStart.stageIds()));
    }
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart taskStart) {
    if (stages.contains(taskStart.stageId())) {
      latch.countDown();
    }
  }
}
