package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.IterationCancelledException;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.IterationTaskStarts;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user's cancel during the iterations, from another thread, ends the aggregate loop of every
 * strategy family with Spark's cancellation in the exception's chain, whatever the route: {@code
 * cancelAllJobs}, {@code cancelJobGroup} of the group the caller set before, {@code
 * cancelJobsWithTag} of a tag the caller added before. Iteration {@link #BLOCKED} onwards every
 * task sleeps (interruptibly) far longer than the test, so only the cancel can end it; after close
 * no RDD persisted by the engine remains, its broadcasts are destroyed and its listener is removed.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class UserCancellationTest {

  private static final int RECORDS = 400;
  private static final int BLOCKS = 4;
  private static final int BLOCKED = 2;
  private static final String GROUP = "user-group";
  private static final String TAG = "user-tag";

  /**
   * How soon after the cancel the aggregate must end: every task sleeps interruptibly, so the
   * cancel's own latency, generous for a loaded machine.
   */
  private static final long CANCEL_BOUND_MS = 5_000;

  /** How the user cancels, and what the calling thread set up before the fit. */
  enum Route {
    ALL_JOBS("cancellation of all jobs"),
    JOB_GROUP("job group " + GROUP),
    JOB_TAG(TAG);

    final String reason;

    Route(String reason) {
      this.reason = reason;
    }

    void prepare(SparkContext sc) {
      if (this == JOB_GROUP) {
        sc.setJobGroup(GROUP, "the user's fit", false);
      } else if (this == JOB_TAG) {
        sc.addJobTag(TAG);
      }
    }

    void cancel(SparkContext sc) {
      switch (this) {
        case ALL_JOBS -> sc.cancelAllJobs();
        case JOB_GROUP -> sc.cancelJobGroup(GROUP);
        case JOB_TAG -> sc.cancelJobsWithTag(TAG);
        default -> throw new IllegalStateException(name());
      }
    }

    void clear(SparkContext sc) {
      sc.clearJobGroup();
      sc.removeJobTag(TAG);
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Route route : Route.values()) {
      for (String spec :
          List.of(
              "bsp",
              "cyclic:s=1",
              "ignore:b=1",
              "shadow:m=1,f=0.5",
              "steal",
              "ssp:staleness=1,b=1",
              "auto:exact=true",
              "gcdc:s=1,clusters=2")) {
        cases.add(Arguments.of(spec, route));
      }
    }
    return cases.stream();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest(name = "{0} via {1}")
  @MethodSource("cases")
  void theUsersCancelEndsTheIterationsWithSparksCancellation(
      String spec, Route route, JavaSparkContext jsc) throws Exception {
    SparkContext sc = jsc.sc();
    Set<Integer> persistedBefore = new HashSet<>(persistedIds(sc));
    route.prepare(sc);
    IterationTaskStarts started = new IterationTaskStarts(BLOCKED + 1);
    sc.addSparkListener(started);
    ExecutorService canceller = Executors.newSingleThreadExecutor();
    AtomicLong cancelNanos = new AtomicLong();
    Throwable thrown;
    CodedAggregator<Double> engine = null;
    try {
      Future<Boolean> cancelled =
          canceller.submit(
              () -> {
                boolean blocked = started.latch.await(60, TimeUnit.SECONDS);
                cancelNanos.set(System.nanoTime());
                route.cancel(sc);
                return blocked;
              });
      engine =
          CodedAggregator.create(
              data(jsc, RECORDS, BLOCKS),
              AggregationStrategy.parse(spec),
              straggling(EngineTestSupport.options(), blockedFrom(BLOCKED)));
      CodedAggregator<Double> running = engine;
      thrown =
          assertThrows(
              RuntimeException.class,
              () -> {
                for (int i = 0; i < BLOCKED + 4; i++) {
                  running.aggregate(1.0, STATISTIC, 3);
                }
              },
              spec + " via " + route + ": the fit went on after the user's cancel");
      long endedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelNanos.get());
      assertTrue(cancelled.get(), "the user cancelled while iteration " + BLOCKED + " ran");
      assertTrue(
          endedMs < CANCEL_BOUND_MS,
          spec + " via " + route + ": the aggregate ended " + endedMs + " ms after the cancel");
      assertEquals(
          route == Route.JOB_GROUP ? GROUP : null,
          sc.getLocalProperty("spark.jobGroup.id"),
          "the caller's job group after the fit");
      assertEquals(
          route == Route.JOB_TAG ? TAG : "",
          java.util.Objects.toString(sc.getLocalProperty("spark.job.tags"), ""),
          "the caller's job tags after the fit");
    } finally {
      if (engine != null) {
        engine.close();
      }
      sc.removeSparkListener(started);
      route.clear(sc);
      canceller.shutdownNow();
    }
    assertCancelledBySpark(thrown, route);
    assertReleased(sc, engine, persistedBefore);
  }

  /** Every task of iteration {@code first} and the next few sleeps a minute unless interrupted. */
  private static StragglerHook blockedFrom(int first) {
    StragglerHook hook = StragglerHook.none();
    for (int it = first; it < first + 6; it++) {
      for (int task = 0; task < 32; task++) {
        hook = hook.and(it, task, 60_000);
      }
    }
    return hook;
  }

  private static void assertCancelledBySpark(Throwable thrown, Route route) {
    Throwable spark = null;
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof SparkException && t.getMessage().contains("cancelled")) {
        spark = t;
      }
    }
    assertNotNull(spark, "Spark's cancellation in the chain of " + thrown);
    assertTrue(thrown instanceof IterationCancelledException, thrown.toString());
    assertTrue(spark.getMessage().contains(route.reason), spark.getMessage());
  }

  private static void assertReleased(
      SparkContext sc, CodedAggregator<Double> engine, Set<Integer> persistedBefore)
      throws InterruptedException {
    Set<Integer> persisted = new HashSet<>(persistedIds(sc));
    persisted.removeAll(persistedBefore);
    assertEquals(Set.of(), persisted, "RDDs the engine persisted and left");
    assertTrue(
        eventually(10_000, () -> engine.liveBroadcasts() == 0),
        "the engine's broadcasts still held: " + engine.liveBroadcasts());
    long listeners =
        sc.listenerBus().listeners().stream().filter(l -> l instanceof TaskLaunchListener).count();
    assertEquals(0, listeners, "the engine's listener still registered");
  }

  private static List<Integer> persistedIds(SparkContext sc) {
    return new ArrayList<>(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet());
  }
}
