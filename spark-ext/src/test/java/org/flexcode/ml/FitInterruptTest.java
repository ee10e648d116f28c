package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.IterationCancelledException;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An interrupt of the thread running {@code FlexCodeLogisticRegression.fit} (gd, maxIter large, tol
 * 0) while the driver waits for an iteration's tasks (they sleep until killed), as Spark Connect
 * interrupts an operation's thread: the fit ends with an {@link IterationCancelledException} whose
 * cause is the {@link InterruptedException}, the thread stays interrupted, and the RDDs the fit
 * persisted, its model broadcasts and its listener are all released although the releasing thread
 * is interrupted.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FitInterruptTest {

  private static final int INTERRUPTED_AT = 3;

  static Dataset<Row> agaricus;

  @BeforeAll
  static void load(JavaSparkContext jsc, SparkSession spark) {
    agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4)
            .cache();
    agaricus.count();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest
  @ValueSource(strings = {"bsp", "cyclic:s=1", "auto:exact=true", "steal", "shadow:m=1,f=0.5"})
  void anInterruptOfTheFittingThreadEndsTheFitAndReleasesItsResources(
      String spec, JavaSparkContext jsc) throws Exception {
    SparkContext sc = jsc.sc();
    Set<Object> persistedBefore = persisted(sc);
    long listenersBefore = flexCodeListeners(sc);
    Set<Long> broadcasts = ConcurrentHashMap.newKeySet();
    EngineTestHooks.watchBroadcasts(broadcasts::add);
    StragglerHook hook = StragglerHook.none();
    for (int it = INTERRUPTED_AT - 1; it < INTERRUPTED_AT + 5; it++) {
      for (int task = 0; task < 32; task++) {
        hook = hook.and(it, task, 60_000); // the driver waits for this iteration's results
      }
    }
    EngineTestHooks.installStragglers(hook);
    IterationStarts started = new IterationStarts();
    sc.addSparkListener(started);
    ExecutorService fitting = Executors.newSingleThreadExecutor();
    Outcome outcome;
    try {
      Future<Outcome> fit =
          fitting.submit(
              () -> {
                FlexCodeLogisticRegression lr =
                    new FlexCodeLogisticRegression().setStrategy(spec).setSolver("gd");
                lr.setMaxIter(100_000).setTol(0);
                try {
                  lr.fit(agaricus);
                  return new Outcome(null, Thread.currentThread().isInterrupted());
                } catch (RuntimeException e) {
                  return new Outcome(e, Thread.interrupted());
                }
              });
      assertTrue(started.latch.await(120, TimeUnit.SECONDS), "iteration " + INTERRUPTED_AT);
      fitting.shutdownNow(); // interrupts the fitting thread
      outcome = fit.get(30, TimeUnit.SECONDS);
    } finally {
      sc.removeSparkListener(started);
      fitting.shutdownNow();
    }
    assertNotNull(outcome.thrown(), spec + ": the fit returned a model after the interrupt");
    assertTrue(
        outcome.thrown() instanceof IterationCancelledException
            && outcome.thrown().getCause() instanceof InterruptedException,
        "the fit's exception: " + outcome.thrown());
    assertTrue(outcome.stillInterrupted(), "the fitting thread's interrupt status was cleared");
    Set<Object> left = persisted(sc);
    left.removeAll(persistedBefore);
    assertEquals(Set.of(), left, "RDDs the fit persisted and left");
    assertEquals(listenersBefore, flexCodeListeners(sc), "FlexCode listeners left registered");
    assertFalse(broadcasts.isEmpty(), "no model broadcast was watched");
    long deadline = System.currentTimeMillis() + 10_000;
    while (broadcasts.stream().anyMatch(SparkInternals::isBroadcastLive)
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(20); // Spark's ContextCleaner removes broadcasts on its own thread
    }
    assertTrue(
        broadcasts.stream().noneMatch(SparkInternals::isBroadcastLive),
        "model broadcasts still held");
  }

  /** What the fitting thread saw: the fit's exception (null: a model) and its interrupt status. */
  private record Outcome(RuntimeException thrown, boolean stillInterrupted) {}

  private static Set<Object> persisted(SparkContext sc) {
    return new HashSet<>(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet());
  }

  private static long flexCodeListeners(SparkContext sc) {
    return sc.listenerBus().listeners().stream()
        .filter(l -> l.getClass().getName().startsWith("org.flexcode.aggregation"))
        .count();
  }

  /** Opens its latch once an engine job of iteration {@link #INTERRUPTED_AT} (from 1) started. */
  private static final class IterationStarts extends SparkListener {
    final CountDownLatch latch = new CountDownLatch(1);

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
      String description = jobStart.properties().getProperty("spark.job.description", "");
      if (description.matches("FlexCode .* iteration " + INTERRUPTED_AT + "[/ ].*")) {
        latch.countDown();
      }
    }
  }
}
