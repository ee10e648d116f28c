package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.coding.GradientCode;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.ComputeEmulation;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real multi-JVM cluster: three executor processes with one core each (block placement, executor
 * stragglers, results held on executors and combined there).
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@Tag("cluster")
class CodedPlacementClusterTest {

  @Test
  void cachesTheCopiesOfEachBlockOnDistinctExecutors(JavaSparkContext jsc) throws Exception {
    assertTrue(
        eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3),
        "three executors registered: " + SparkInternals.executors(jsc.sc()));
    for (AggregationStrategy strategy :
        List.of(AggregationStrategy.cyclic(2), AggregationStrategy.frc(2))) {
      try (CodedAggregator<Double> engine =
          CodedAggregator.create(data(jsc, 600, 6), strategy, EngineTestSupport.options())) {
        GradientCode code = engine.code();
        for (int block = 0; block < code.numTasks(); block++) {
          Set<String> executors = new HashSet<>();
          for (int task : code.tasksHolding(block)) {
            List<String> cachedOn = SparkInternals.cachedOn(jsc.sc(), engine.codedRddId(), task);
            assertEquals(1, cachedOn.size(), strategy + " task " + task + " cached on " + cachedOn);
            executors.add(cachedOn.get(0));
          }
          assertEquals(
              3, executors.size(), strategy + " block " + block + "'s copies on " + executors);
        }
        AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
        assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-9, strategy.spec());
        // Where Spark ran each task is its scheduler's choice (locality waits, free slots), so
        // the test checks that the record names, for every finished task, one of the cluster's
        // executors, not how the tasks spread.
        Set<String> registered = new HashSet<>();
        SparkInternals.executors(jsc.sc()).forEach(e -> registered.add(e.id()));
        for (var t : result.record().finished()) {
          assertTrue(
              registered.contains(t.executorId()),
              "task " + t.task() + " ran on " + t.executorId() + ", not in " + registered);
        }
      }
    }
  }

  @Test
  void executorLevelStragglersFollowTheExecutor(JavaSparkContext jsc) throws Exception {
    assertTrue(eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3));
    // Executor "0" is 3x slower every iteration, whichever partitions it holds.
    BlockStatistic<Double, Double> busy =
        (model, iteration, block, records, out) -> {
          long until = System.nanoTime() + 30_000_000L; // 30 ms of real work per block
          double x = 0;
          while (System.nanoTime() < until) {
            x += Math.sqrt(x + 1);
          }
          out[0] += records.size() + (x > -1 ? 0 : 1);
        };
    StragglerInjector injector =
        new StragglerInjector(
            StragglerPattern.parse("persistent:k=1,factor=3"), 1, ComputeEmulation.real());
    AggregatorOptions options = EngineTestSupport.options().withInjector(injector);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, 600, 6), AggregationStrategy.bsp(), options)) {
      Set<String> executors = new HashSet<>();
      for (int i = 0; i < 3; i++) {
        for (TaskTiming t : engine.aggregate(1.0, busy, 1).record().finished()) {
          executors.add(t.executorId());
          if (t.executorId().equals("0")) {
            assertTrue(t.injectedDelayMs() >= 40, "executor 0 is slowed: " + t);
          } else {
            assertEquals(0, t.injectedDelayMs(), "other executors are not: " + t);
          }
        }
      }
      assertEquals(Set.of("0", "1", "2"), executors);
    }
  }

  @Test
  void heldResultsAreCombinedOnTheExecutorsThatHoldThem(JavaSparkContext jsc) throws Exception {
    assertTrue(eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3));
    List<PartialResult> arrivals = new CopyOnWriteArrayList<>();
    EngineTestHooks.watchArrivals(arrivals::add);
    AggregatorOptions options = EngineTestSupport.options().withInlineMaxBytes(0);
    try {
      for (String spec : List.of("bsp", "steal:r=2,chunks=2", "frc:s=2")) {
        arrivals.clear();
        try (CodedAggregator<Double> engine =
            CodedAggregator.create(data(jsc, 600, 6), AggregationStrategy.parse(spec), options)) {
          for (double model : new double[] {1.0, -2.0}) {
            AggregateResult result = engine.aggregate(model, STATISTIC, 3);
            assertTrue(relativeError(result.values(), expected(600, model)) <= 1e-9, spec);
          }
        }
        Set<String> holders = new HashSet<>();
        for (PartialResult r : arrivals) {
          if (r.error() == null && r.values() != null) {
            assertTrue(r.values().isHeld(), spec + ": task " + r.task() + " sent its values");
            holders.add(r.executorId());
          }
        }
        // bsp waits for every task, and the scheduler's first offers give each of the three idle
        // executors one: its results are held on several executors, so its decode combined on
        // several or read results held elsewhere. An early-ending strategy may finish from one
        // executor's tasks (a busy machine delays the others' first tasks): its exact sums above
        // are what it must show.
        if (spec.equals("bsp")) {
          assertTrue(holders.size() >= 2, spec + ": results held on " + holders);
        }
      }
    } finally {
      EngineTestHooks.clear();
    }
  }
}
