package org.flexcode.aggregation.copies.internal;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.model.StealReplay;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The model and the engine move the same chunks: {@code steal} runs in the engine on three one-core
 * executors (three blocks of two chunks, two copies each: chunks 0..5 = tasks 0..5, second copies
 * tasks 6..11) and in the model ({@link StealReplay}: the engine's launches, placement and decoder
 * on simulated time), with the same seeded draws: every copy held back {@link #EVERY_COPY_MS}, and
 * in each iteration but one, one home copy 2 to 3 s more. Per iteration the copies used and the
 * moves (chunk, from which copy to which, late or not) must be the same, and no result of an
 * earlier iteration is used in either. The host's other processes are taken to leave CPU to spare,
 * as the model takes them; the executor a copy ran on is not compared, since Spark offers the first
 * tasks to the executors in a random order.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@Tag("cluster")
class StealAgreementClusterTest {

  private static final int BLOCKS = 3;
  private static final int COPIES = 12;
  private static final int ITERATIONS = 5;
  private static final int QUIET_ITERATION = 2;

  /** The model's launch-to-result time of a chunk; its decisions here do not depend on it. */
  private static final double BASE_MS = 50;

  /**
   * Every copy's delay: the executors' medians then differ by far less than {@code steal}'s slow
   * executor factor, whatever the launch noise of small tasks on a shared host, so that no executor
   * is avoided by chance in the engine (the model's copies all take the same time).
   */
  private static final double EVERY_COPY_MS = 300;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  /**
   * Home work as block tasks, one per executor, so that Spark places the first tasks as the model
   * does. With home work per chunk, Spark may hand a pending home chunk to a holder moments before
   * the engine, which learns of launches from the listener bus, takes that holder for idle and
   * queues a copy there behind it: a race the model does not have.
   */
  @ParameterizedTest
  @ValueSource(strings = {"steal:r=2,chunks=2,home=block"})
  void usesTheSameCopiesAndMovesTheSameChunksEveryIteration(String spec, JavaSparkContext jsc)
      throws Exception {
    assertTrue(
        eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3),
        "three executors registered: " + SparkInternals.executors(jsc.sc()));
    double[][] delays = draws(spec.hashCode());
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < ITERATIONS; it++) {
      for (int t = 0; t < COPIES; t++) {
        hook = hook.and(it, t, (long) delays[it][t]);
      }
    }
    AggregatorOptions options = straggling(EngineTestSupport.options(), hook);
    EngineTestHooks.installOthersCpuLoad(0.0);
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    StealReplay model = new StealReplay(strategy, 3, 1, BLOCKS, BASE_MS);
    int moved = 0;
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, 600, BLOCKS), strategy, options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
        StealReplay.Replayed replayed = model.next(delays[it]);
        StealRecord record = result.detail(StealRecord.class).orElse(StealRecord.NONE);
        String what = spec + " iteration " + it + ": delays " + Arrays.toString(delays[it]);
        if (strategy.isExact()) {
          assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12, what + " exact");
        }
        assertEquals(
            replayed.used().stream().boxed().toList(),
            result.record().usedTasks().stream().sorted().toList(),
            what + " used; engine " + record + ", model " + replayed.record());
        assertEquals(
            moves(replayed.record()),
            moves(record),
            what + " moves; engine " + record + ", model " + replayed.record());
        assertEquals(
            replayed.staleAges(),
            chunkAges(result.record().staleResults()),
            what + " late chunks' ages");
        moved += record.moves().size();
      }
    }
    assertTrue(moved > 0, spec + ": some chunk moved");
  }

  /**
   * Every copy {@link #EVERY_COPY_MS}; each iteration but one, one home copy (seeded) 2-3 s more.
   */
  private static double[][] draws(long seed) {
    Random random = new Random(seed);
    double[][] delays = new double[ITERATIONS][COPIES];
    for (int it = 0; it < ITERATIONS; it++) {
      Arrays.fill(delays[it], EVERY_COPY_MS);
      if (it != QUIET_ITERATION) {
        delays[it][random.nextInt(COPIES / 2)] += 2000 + 500 * random.nextInt(3);
      }
    }
    return delays;
  }

  /** Task -> age as chunk -> age (copy t is of chunk t mod the chunk count). */
  private static Map<Integer, Integer> chunkAges(Map<Integer, Integer> taskAges) {
    Map<Integer, Integer> ages = new TreeMap<>();
    taskAges.forEach((task, age) -> ages.put(task % (COPIES / 2), age));
    return ages;
  }

  /** The moves without their executors: (chunk, from task, to task, late), by chunk. */
  private static List<List<Object>> moves(StealRecord record) {
    return record.moves().stream()
        .sorted(Comparator.comparingInt(StealRecord.Move::chunk))
        .map(m -> List.<Object>of(m.chunk(), m.fromTask(), m.toTask(), m.late()))
        .toList();
  }
}
