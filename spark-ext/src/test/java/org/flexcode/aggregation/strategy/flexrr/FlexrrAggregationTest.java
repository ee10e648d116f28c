package org.flexcode.aggregation.strategy.flexrr;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code flexrr:r=2,chunks=2} on local[4] (one executor: copies share it, late copies on free
 * cores): four blocks of 100 records, two chunks each (chunks 0..7 = tasks 0..7, their second
 * copies tasks 8..15). In iteration 0 both copies of chunk 3 straggle, so it cannot move.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexrrAggregationTest {

  static final int RECORDS = 400;
  static final int BLOCKS = 4;
  static final int CHUNKS = 8;
  static final int SLOW = 3;
  static final int ITERATIONS = 5;

  @BeforeEach
  void forgetDelays() {
    StragglerHook.clearOutcomes();
  }

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /** Both copies of chunk {@link #SLOW} sleep {@code ms} in iteration 0. */
  private static AggregatorOptions slowChunk(long ms) {
    return straggling(
        EngineTestSupport.options(), StragglerHook.delay(0, SLOW, ms).and(0, CHUNKS + SLOW, ms));
  }

  /** The model of iteration {@code it}: never 0, so that every result's model shows in the sum. */
  private static double model(int it) {
    return it + 1.0;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void theChunkThatCannotMoveIsAppliedOnceLateAndNoResultIsOlderThanK(int k, JavaSparkContext jsc) {
    List<AggregateResult> results = new ArrayList<>();
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("flexrr:staleness=" + k + ",r=2,chunks=2"),
            slowChunk(2_500))) {
      for (int it = 0; it < ITERATIONS; it++) {
        results.add(engine.aggregate(model(it), STATISTIC, 3));
      }
    }
    // Iteration 0 ends without chunk 3, whose copies keep running (nothing is cancelled).
    IterationRecord first = results.get(0).record();
    assertFalse(first.usedTasks().contains(SLOW), first.toString());
    assertFalse(first.usedTasks().contains(CHUNKS + SLOW), first.toString());
    assertTrue(first.cancelledTasks().isEmpty(), first.toString());
    assertEquals(350, results.get(0).values()[1], 1e-9, "seven chunks of 50 records");
    // Chunk 3's iteration-0 result is applied in one of iterations 1..k.
    long applied =
        results.subList(1, k + 1).stream()
            .map(AggregateResult::record)
            .filter(r -> appliedFrom(r, SLOW, 0))
            .count();
    assertEquals(1, applied, "chunk 3's late result, once within " + k + " iterations");
    checkEveryIteration(results, k);
  }

  /** Whether {@code record} applied chunk {@code chunk}'s result computed at {@code computedAt}. */
  private static boolean appliedFrom(IterationRecord record, int chunk, int computedAt) {
    return record.usedTasks().stream()
        .anyMatch(
            t ->
                t % CHUNKS == chunk
                    && record.iteration() - record.staleResults().getOrDefault(t, 0) == computedAt);
  }

  /**
   * In every iteration each chunk counts at most once, no result is older than k, each chunk's
   * result of each iteration is applied at most once, no chunk is absent from k + 1 iterations in a
   * row, and the sum is exactly that of the chunks applied, each with the model it was computed
   * with.
   */
  private static void checkEveryIteration(List<AggregateResult> results, int k) {
    Set<List<Integer>> applied = new HashSet<>();
    for (AggregateResult result : results) {
      IterationRecord record = result.record();
      Map<Integer, Integer> stale = record.staleResults();
      double[] sum = new double[3];
      Set<Integer> chunks = new HashSet<>();
      for (int task : record.usedTasks()) {
        int chunk = task % CHUNKS;
        int age = stale.getOrDefault(task, 0);
        assertTrue(age >= 0 && age <= k, "age " + age + ": " + record);
        assertTrue(chunks.add(chunk), "chunk " + chunk + " counted twice: " + record);
        assertTrue(
            applied.add(List.of(chunk, record.iteration() - age)), "applied twice: " + record);
        double[] own = chunkSum(chunk, model(record.iteration() - age));
        for (int i = 0; i < sum.length; i++) {
          sum[i] += own[i];
        }
      }
      assertArrayEquals(sum, result.values(), 1e-6, record.toString());
      if (chunks.size() == CHUNKS && stale.isEmpty()) {
        assertTrue(
            relativeError(result.values(), expected(RECORDS, model(record.iteration()))) <= 1e-12);
      }
    }
    for (int chunk = 0; chunk < CHUNKS; chunk++) {
      for (int from = 0; from + k < results.size(); from++) {
        int c = chunk;
        boolean contributed =
            results.subList(from, from + k + 1).stream()
                .anyMatch(r -> r.record().usedTasks().stream().anyMatch(t -> t % CHUNKS == c));
        assertTrue(contributed, "chunk " + chunk + " absent from " + from + ".." + (from + k));
      }
    }
  }

  /**
   * {@code STATISTIC} over chunk {@code chunk} for {@code model}: block chunk / 2 holds 100 b + 1
   * .. 100 b + 100, and its piece chunk mod 2 the records at positions of that parity.
   */
  private static double[] chunkSum(int chunk, double model) {
    int block = chunk / 2;
    double[] sum = new double[3];
    for (int i = chunk % 2; i < 100; i += 2) {
      double x = 100.0 * block + i + 1;
      sum[0] += model * x;
      sum[1] += 1;
      sum[2] += x * x;
    }
    return sum;
  }

  @Test
  void withStalenessZeroEveryIterationIsTheExactSumUnderTheStraggler(JavaSparkContext jsc) {
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, RECORDS, BLOCKS),
            AggregationStrategy.parse("flexrr:staleness=0,r=2,chunks=2"),
            slowChunk(1_500))) {
      for (int it = 0; it < 2; it++) {
        AggregateResult result = engine.aggregate(model(it), STATISTIC, 3);
        IterationRecord record = result.record();
        assertTrue(result.exact(), record.toString());
        assertTrue(record.staleResults().isEmpty(), record.toString());
        assertEquals(CHUNKS, record.usedTasks().size(), record.toString());
        assertTrue(relativeError(result.values(), expected(RECORDS, model(it))) <= 1e-12);
      }
    }
  }
}
