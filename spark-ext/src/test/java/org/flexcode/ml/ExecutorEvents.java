package org.flexcode.ml;

import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Counts the executors Spark adds and removes, with the reasons of the removals (a listener on the
 * driver), and makes a dynamically allocated cluster grow: a job of sleeping tasks keeps tasks
 * pending until the executors wanted have registered, then is cancelled.
 */
final class ExecutorEvents extends SparkListener {

  private static final String DEMAND_GROUP = "executor-demand";

  private final AtomicInteger added = new AtomicInteger();
  private final AtomicInteger removed = new AtomicInteger();
  private final List<String> removals = new CopyOnWriteArrayList<>();

  @Override
  public void onExecutorAdded(SparkListenerExecutorAdded event) {
    added.incrementAndGet();
  }

  @Override
  public void onExecutorRemoved(SparkListenerExecutorRemoved event) {
    removals.add("executor " + event.executorId() + ": " + event.reason());
    removed.incrementAndGet();
  }

  /** Each removal so far, in order: the executor and Spark's reason. */
  List<String> removals() {
    return List.copyOf(removals);
  }

  int added() {
    return added.get();
  }

  int removed() {
    return removed.get();
  }

  /** The executors registered with the driver's block manager. */
  static int registered(SparkContext sc) {
    return SparkInternals.executors(sc).size();
  }

  /** Waits (up to {@code millis}) until exactly {@code count} executors are registered. */
  static void awaitRegistered(SparkContext sc, int count, long millis) throws InterruptedException {
    assertTrue(
        eventually(millis, () -> registered(sc) == count),
        "expected " + count + " executors, registered: " + SparkInternals.executors(sc));
  }

  /**
   * Keeps sleeping tasks pending (dynamic allocation asks for executors while tasks wait) until
   * {@code count} executors are registered, then cancels them.
   */
  static void demand(JavaSparkContext jsc, int count) throws Exception {
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<String> job =
          thread.submit(
              () -> {
                jsc.setJobGroup(DEMAND_GROUP, "tasks pending until executors register", true);
                try {
                  jsc.parallelize(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 12)
                      .foreach(i -> Thread.sleep(60_000)); // demand, not a wait: cancelled
                  return "ended";
                } catch (Exception cancelled) { // Spark's checked SparkException, thrown unchecked
                  return String.valueOf(cancelled.getMessage());
                } finally {
                  jsc.clearJobGroup();
                }
              });
      assertTrue(
          eventually(60_000, () -> jsc.statusTracker().getJobIdsForGroup(DEMAND_GROUP).length > 0),
          "the pending tasks' job started");
      awaitRegistered(jsc.sc(), count, 120_000);
      jsc.cancelJobGroup(DEMAND_GROUP);
      String ending = job.get(60, TimeUnit.SECONDS);
      assertTrue(ending.contains(DEMAND_GROUP), "the pending tasks were cancelled: " + ending);
    } finally {
      thread.shutdownNow();
    }
  }
}
