package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.model.DecisionReplay;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The model and the engine decide alike: each strategy runs in the engine with a task slot for
 * every task and injected delays drawn from a seed (so the delays set the arrival order), and the
 * model replays the same draws through the same decision code ({@link DecisionReplay}), each task's
 * time the draw plus the launch-to-result time the engine measured for a task with no delay (the
 * model's fitted cost); per iteration the tasks used and the tasks cancelled must be the same.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[8]")
@Tag("spark")
class ModelEngineAgreementTest {

  private static final int TASKS = 6;
  private static final int RECORDS = 600;
  private static final int ITERATIONS = 4;
  private static final long GAP_MS = 250;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bsp",
        "ignore:b=2",
        "frc:s=1",
        "cyclic:s=2",
        "shadow:m=2,f=0.25,selector=random",
        "hybrid:s=1,m=2,f=0.25,selector=random",
        "ignore:b=auto",
        "gcdc:s=1,clusters=3"
      })
  void usesAndCancelsTheSameTasksEveryIteration(String spec, JavaSparkContext jsc) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    long seed = spec.hashCode();
    BoundStrategy bound = strategy.bind(TASKS, equalBlocks());
    double[][] delays = new double[ITERATIONS][];
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      delays[it] = draws(seed + it, bound.numTasks());
      for (int t = 0; t < bound.numTasks(); t++) {
        hook = hook.and(it, t, (long) delays[it][t]);
      }
    }
    AggregatorOptions options = straggling(AggregatorOptions.defaults().withNumTasks(TASKS), hook);
    DecisionReplay model = new DecisionReplay(bound);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), strategy, options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        IterationRecord record = engine.aggregate(1.0, STATISTIC, 3).record();
        DecisionReplay.Replayed replayed =
            model.next(withBase(delays[it], record), executors(record, bound.code().numTasks()));
        String what = spec + " iteration " + it + ": delays " + Arrays.toString(delays[it]);
        assertEquals(tasks(replayed.used()), sorted(record.usedTasks()), what + " used");
        assertEquals(
            tasks(replayed.cancelled()), sorted(record.cancelledTasks()), what + " cancelled");
      }
    }
  }

  /** Each task a distinct multiple of the gap, in a seeded order. */
  private static double[] draws(long seed, int tasks) {
    List<Integer> ranks = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      ranks.add(t);
    }
    Collections.shuffle(ranks, new Random(seed));
    double[] ms = new double[tasks];
    for (int t = 0; t < tasks; t++) {
      ms[t] = GAP_MS * ranks.get(t);
    }
    return ms;
  }

  /**
   * The draws plus what a task with no delay took from submission to its result in this iteration
   * (launch and compute, the model's fitted costs): the times the adaptive strategies learn from.
   */
  private static double[] withBase(double[] delays, IterationRecord record) {
    double base = Double.POSITIVE_INFINITY;
    for (TaskTiming t : record.finished()) {
      base = Math.min(base, t.finishMs() - record.submitMs() - delays[t.task()]);
    }
    double[] ms = delays.clone();
    for (int t = 0; t < ms.length; t++) {
      ms[t] += Math.max(0, base);
    }
    return ms;
  }

  /** Where each primary ran, as its result said (null where none arrived). */
  private static String[] executors(IterationRecord record, int primaries) {
    String[] executors = new String[primaries];
    for (TaskTiming t : record.finished()) {
      if (t.task() < primaries) {
        executors[t.task()] = t.executorId();
      }
    }
    return executors;
  }

  private static long[] equalBlocks() {
    long[] records = new long[TASKS];
    Arrays.fill(records, RECORDS / TASKS);
    return records;
  }

  private static List<Integer> tasks(BitSet set) {
    return set.stream().boxed().toList();
  }

  private static List<Integer> sorted(List<Integer> tasks) {
    return tasks.stream().sorted().toList();
  }
}
