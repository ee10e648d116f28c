package org.flexcode.aggregation.strategy.ssp;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code ssp} on local[4], four tasks of 100 records, a forced straggler. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class SspAggregationTest {

  static final int RECORDS = 400;
  static final int TASKS = 4;
  static final int ITERATIONS = 5;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /** Every task sleeps 100 ms; task 3 of iteration 0 sleeps 2500 ms. */
  private static StragglerHook timeline() {
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      for (int task = 0; task < TASKS; task++) {
        hook = hook.and(it, task, it == 0 && task == 3 ? 2500 : 100);
      }
    }
    return hook;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void appliesALateResultOnceAndNeverOlderThanTheStaleness(int k, JavaSparkContext jsc) {
    AggregatorOptions options = straggling(EngineTestSupport.options(), timeline());
    List<IterationRecord> records = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, TASKS), AggregationStrategy.parse("ssp:staleness=" + k), options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        AggregateResult result = engine.aggregate((double) it, STATISTIC, 3);
        records.add(result.record());
        values.add(result.values());
      }
    }
    // Iterations 0 .. k-1 end without task 3, which keeps running (not cancelled) and gets no new
    // task while it runs.
    for (int it = 0; it < k; it++) {
      IterationRecord record = records.get(it);
      assertFalse(record.usedTasks().contains(3), record.toString());
      assertTrue(record.cancelledTasks().isEmpty(), record.toString());
      assertEquals(300, values.get(it)[1], 1e-9, "three blocks of 100 records");
    }
    // Iteration k waits for it rather than exceed k, and applies it with age k.
    IterationRecord late = records.get(k);
    assertEquals(Map.of(3, k), late.staleResults(), late.toString());
    assertEquals(400, values.get(k)[1], 1e-9);
    // Its block's contribution is iteration 0's: model 0 x (301 + ... + 400) contributes 0.
    double fresh = k * (1 + 300) * 300 / 2.0;
    assertEquals(fresh, values.get(k)[0], 1e-9);
    // Every result is applied at most once, none is older than k, and no block is absent from
    // more than k iterations in a row.
    Set<List<Integer>> computed = new HashSet<>();
    for (IterationRecord record : records) {
      for (int task : record.usedTasks()) {
        int age = record.staleResults().getOrDefault(task, 0);
        assertTrue(age <= k, record.toString());
        assertTrue(computed.add(List.of(task, record.iteration() - age)), "applied twice");
      }
    }
    for (int task = 0; task < TASKS; task++) {
      for (int from = 0; from + k < ITERATIONS; from++) {
        int t = task;
        boolean contributed =
            records.subList(from, from + k + 1).stream().anyMatch(r -> r.usedTasks().contains(t));
        assertTrue(
            contributed, "task " + task + " absent from iterations " + from + ".." + (from + k));
      }
    }
  }
}
