package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("unit")
class ShadowPlacementTest {

  @ParameterizedTest
  @CsvSource({
    "'shadow:m=1,f=0.1', 4, 4",
    "'shadow:m=2,f=0.1', 4, 4",
    "'shadow:m=4,f=0.1', 8, 4",
    "'shadow:m=3,f=0.2', 9, 5",
    "'hybrid:s=1,m=2,f=0.1', 8, 8"
  })
  void aShadowRunsOnAnExecutorHoldingNoneOfThePrimariesItCovers(
      String spec, int primaries, int executors) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    GradientCode code = strategy.code(primaries);
    int[][] blocks = TaskLayout.blocksOf(code, strategy.shadows());
    int[] executorOf = ShadowPlacement.place(blocks, primaries, executors);
    for (int i = 0; i < primaries; i++) {
      assertEquals(i % executors, executorOf[i], "primaries stay round-robin");
    }
    for (int shadow = primaries; shadow < blocks.length; shadow++) {
      int[] covered = coveredPrimariesOn(blocks, primaries, executorOf, shadow);
      long busy = Arrays.stream(covered).map(i -> executorOf[i]).distinct().count();
      if (busy == executors) {
        continue; // every executor holds a covered primary (the next test)
      }
      for (int i : covered) {
        assertFalse(
            executorOf[i] == executorOf[shadow],
            spec
                + ": shadow task "
                + shadow
                + " shares executor "
                + executorOf[shadow]
                + " with primary "
                + i
                + " it covers: "
                + Arrays.toString(executorOf));
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"4, 4", "8, 4"})
  void aShadowCoveringEveryPrimaryGoesWhereTheFewestOfThemRun(int primaries, int executors) {
    // One shadow covering all blocks: every executor holds covered primaries; the rule picks the
    // executor holding the fewest (all equal here), then the least loaded: executor 0's load ties.
    AggregationStrategy strategy = AggregationStrategy.parse("shadow:m=1,f=0.1");
    int[][] blocks = TaskLayout.blocksOf(strategy.code(primaries), strategy.shadows());
    int[] executorOf = ShadowPlacement.place(blocks, primaries, executors);
    assertEquals(0, executorOf[primaries]);
  }

  @org.junit.jupiter.api.Test
  void movesTheShadowOffTheExecutorTheOldRuleChose() {
    // n = 4, E = 4, m = 2: the old rule put shadow 0 (task 4, blocks {0, 1}) on executor 0, the
    // executor of primary 0 it covers.
    AggregationStrategy strategy = AggregationStrategy.parse("shadow:m=2,f=0.1");
    int[][] blocks = TaskLayout.blocksOf(strategy.code(4), strategy.shadows());
    int[] executorOf = ShadowPlacement.place(blocks, 4, 4);
    assertEquals(2, executorOf[4]);
    assertEquals(1, executorOf[5]);
  }

  private static int[] coveredPrimariesOn(
      int[][] blocks, int primaries, int[] executorOf, int shadow) {
    return java.util.stream.IntStream.range(0, primaries)
        .filter(
            i ->
                Arrays.stream(blocks[i])
                    .anyMatch(b -> Arrays.stream(blocks[shadow]).anyMatch(c -> c == b)))
        .toArray();
  }
}
