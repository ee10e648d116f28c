package org.flexcode.aggregation.strategy.auto;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.eventually;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code auto}'s copies on a real multi-JVM cluster (three one-core executors): three blocks of two
 * chunks, two copies each (chunks 0..5 = tasks 0..5, second copies tasks 6..11). Setup caches the
 * home copies alone; a holder caches its copy when it first runs the chunk.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[3,1,1024]")
@Tag("cluster")
class AutoHoldersClusterTest {

  private static final int CHUNKS = 6;

  @Test
  void holdersCutAndCacheTheirCopiesWhenTheyFirstRunAChunk(JavaSparkContext jsc) throws Exception {
    assertTrue(
        eventually(180_000, () -> SparkInternals.executors(jsc.sc()).size() == 3),
        "three executors registered: " + SparkInternals.executors(jsc.sc()));
    // chunk 0's home task holds its executor's one core for 3 s in iteration 0 (bsp, chunk tasks):
    // the chunks pending behind it go to their other holders
    AggregatorOptions options =
        straggling(EngineTestSupport.options(), StragglerHook.delay(0, 0, 3_000));
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            data(jsc, 600, 3),
            AggregationStrategy.parse("auto:exact=true,r=2,chunks=2"),
            options)) {
      for (int chunk = 0; chunk < CHUNKS; chunk++) {
        List<String> home = SparkInternals.cachedOn(jsc.sc(), engine.codedRddId(), chunk);
        assertEquals(1, home.size(), "chunk " + chunk + "'s home copy cached on " + home);
      }
      assertEquals(List.of(), secondCopiesCached(jsc, engine), "no other copy cached at setup");

      AggregateResult result = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(result.values(), expected(600, 3.0)) <= 1e-12);
      assertTrue(
          !secondCopiesCached(jsc, engine).isEmpty(),
          "the chunks the other holders ran: their copies cached there");
      AggregateResult next = engine.aggregate(3.0, STATISTIC, 3);
      assertTrue(relativeError(next.values(), expected(600, 3.0)) <= 1e-12);
    }
  }

  /** The second copies (tasks 6..11) cached on some executor. */
  private static List<Integer> secondCopiesCached(
      JavaSparkContext jsc, CodedAggregator<Double> engine) {
    List<Integer> cached = new ArrayList<>();
    for (int t = CHUNKS; t < 2 * CHUNKS; t++) {
      if (!SparkInternals.cachedOn(jsc.sc(), engine.codedRddId(), t).isEmpty()) {
        cached.add(t);
      }
    }
    return cached;
  }
}
