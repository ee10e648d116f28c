package org.flexcode.aggregation.plugin;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code first:k=3}, a strategy from outside the library, run by the engine by name on local[4]:
 * six blocks of 100 records, task 2 straggling by a minute in every iteration.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FirstKAggregationTest {

  static final int RECORDS = 600;
  static final int TASKS = 6;
  static final int SLOW = 2;
  static final int K = 3;
  static final double[] MODELS = {1.0, -2.5, 0.5};

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @Test
  void usesTheFirstThreeArrivalsCancelsTheRestAndRescalesTheirSum(JavaSparkContext jsc)
      throws Exception {
    EngineTestSupport.TaskEnds listener = new EngineTestSupport.TaskEnds();
    jsc.sc().addSparkListener(listener);
    StragglerHook slow = StragglerHook.none();
    for (int it = 0; it < MODELS.length; it++) {
      slow = slow.and(it, SLOW, 60_000);
    }
    AggregatorOptions options = straggling(EngineTestSupport.options(), slow);
    JavaRDD<Double> input = data(jsc, RECORDS, TASKS);
    List<List<Double>> blocks = input.glom().collect();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(input, AggregationStrategy.parse("first:k=3"), options)) {
      assertInstanceOf(FirstK.class, engine.strategy());
      assertEquals(TASKS, engine.code().numTasks());
      assertEquals("uncoded(n=6)", engine.code().describe());
      for (int it = 0; it < MODELS.length; it++) {
        AggregateResult result = engine.aggregate(MODELS[it], STATISTIC, 3);
        IterationRecord record = result.record();
        String context = "iteration " + it + ": " + record;
        assertEquals(it, record.iteration());
        assertEquals("first:k=3", record.strategy(), context);

        // Exactly three tasks used: the first three arrivals, never the straggler.
        List<Integer> arrived = record.finished().stream().map(TaskTiming::task).toList();
        assertEquals(K, arrived.size(), context);
        assertEquals(K, record.usedTasks().size(), context);
        assertEquals(new TreeSet<>(arrived), new TreeSet<>(record.usedTasks()), context);
        assertFalse(record.usedTasks().contains(SLOW), context);

        // Every other task, the straggler among them, was cancelled unfinished.
        Set<Integer> unused = new TreeSet<>(IntStream.range(0, TASKS).boxed().toList());
        unused.removeAll(record.usedTasks());
        assertEquals(unused, new TreeSet<>(record.cancelledTasks()), context);
        assertTrue(record.cancelledTasks().contains(SLOW), context);

        // The aggregate: the used blocks' statistic, times all records / records of those blocks.
        assertFalse(result.exact(), context);
        assertFalse(record.exact(), context);
        double[] expected = rescaledSum(blocks, record.usedTasks(), MODELS[it]);
        assertTrue(
            EngineTestSupport.relativeError(result.values(), expected) <= 1e-12,
            context + ": " + Arrays.toString(result.values()) + " vs " + Arrays.toString(expected));
        assertEquals(RECORDS, result.values()[1], 1e-9, "the count represents all records");
      }
      assertTrue(
          eventually(20_000, () -> listener.killed(SLOW)), "Spark reports the straggler killed");
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
  }

  /**
   * (model x sum, count, sum of squares) over {@code used} blocks of {@code blocks}, scaled by all
   * records / records of those blocks: computed from the input's partitions, not by the engine.
   */
  private static double[] rescaledSum(List<List<Double>> blocks, List<Integer> used, double model) {
    double[] sum = new double[3];
    long total = 0;
    long aggregated = 0;
    for (int block = 0; block < blocks.size(); block++) {
      total += blocks.get(block).size();
      if (used.contains(block)) {
        aggregated += blocks.get(block).size();
        for (double x : blocks.get(block)) {
          sum[0] += model * x;
          sum[1] += 1;
          sum[2] += x * x;
        }
      }
    }
    double scale = (double) total / aggregated;
    for (int d = 0; d < sum.length; d++) {
      sum[d] *= scale;
    }
    return sum;
  }
}
