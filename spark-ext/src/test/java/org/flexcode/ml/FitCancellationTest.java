package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.IterationTaskStarts;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code FlexCodeLogisticRegression.fit} (maxIter large, tol 0) ends with Spark's cancellation in
 * its exception's chain when another thread calls {@code cancelAllJobs} or {@code cancelJobGroup}
 * of the caller's group while the iterations run (the third aggregation's tasks sleep until
 * interrupted), and leaves no RDD persisted by the fit.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FitCancellationTest {

  private static final int BLOCKED = 2;
  private static final String GROUP = "user-fit";

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

  @ParameterizedTest(name = "{0} via {1}")
  @CsvSource({"bsp,all", "bsp,group", "auto:exact=true,all", "cyclic:s=1,group"})
  void aUsersCancelEndsTheFit(String spec, String route, JavaSparkContext jsc) throws Exception {
    SparkContext sc = jsc.sc();
    Set<Object> persistedBefore = persisted(sc);
    StragglerHook hook = StragglerHook.none();
    for (int it = BLOCKED; it < BLOCKED + 6; it++) {
      for (int task = 0; task < 32; task++) {
        hook = hook.and(it, task, 60_000);
      }
    }
    EngineTestHooks.installStragglers(hook);
    IterationTaskStarts started = new IterationTaskStarts(BLOCKED + 1);
    sc.addSparkListener(started);
    if (route.equals("group")) {
      sc.setJobGroup(GROUP, "the user's fit", false);
    }
    ExecutorService canceller = Executors.newSingleThreadExecutor();
    Throwable thrown;
    try {
      Future<Boolean> cancelled =
          canceller.submit(
              () -> {
                boolean blocked = started.latch.await(60, TimeUnit.SECONDS);
                if (route.equals("group")) {
                  sc.cancelJobGroup(GROUP);
                } else {
                  sc.cancelAllJobs();
                }
                return blocked;
              });
      FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression().setStrategy(spec);
      lr.setMaxIter(1000).setTol(0);
      thrown =
          assertThrows(
              Exception.class, () -> lr.fit(agaricus), spec + ": the fit ignored the cancel");
      assertTrue(cancelled.get(), "the user cancelled while the iterations ran");
    } finally {
      sc.removeSparkListener(started);
      sc.clearJobGroup();
      canceller.shutdownNow();
    }
    SparkException spark = null;
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof SparkException && t.getMessage().contains("cancelled")) {
        spark = (SparkException) t;
      }
    }
    assertNotNull(spark, "Spark's cancellation in the chain of " + thrown);
    Set<Object> left = persisted(sc);
    left.removeAll(persistedBefore);
    assertEquals(Set.of(), left, "RDDs the fit persisted and left");
  }

  private static Set<Object> persisted(SparkContext sc) {
    return new HashSet<>(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet());
  }
}
