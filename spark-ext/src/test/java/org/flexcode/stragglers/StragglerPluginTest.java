package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The plugin puts a plain Spark job under the pattern: with {@code persistent:k=1,factor=3} in
 * local mode (a virtual executor per partition) only partition 0's tasks are held, each twice its
 * run time, in every stage; a job tagged as FlexCode's engine is left alone.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[4]")
@SparkConfs({
  "spark.plugins=org.flexcode.stragglers.StragglerPlugin",
  "spark.flexcode.stragglers=persistent:k=1,factor=3",
  "spark.flexcode.stragglers.seed=11"
})
@Tag("spark")
class StragglerPluginTest {

  @Test
  void holdsTheSlowedExecutorsTasksInEveryStageAndLeavesTheEnginesJobsAlone(JavaSparkContext jsc)
      throws Exception {
    StragglerHolds.clear();
    for (int stage = 0; stage < 2; stage++) {
      sleepingJob(jsc);
    }
    assertTrue(eventually(() -> StragglerHolds.held().size() >= 2), "holds reported");
    List<StragglerHolds.Held> held = StragglerHolds.held();
    assertEquals(
        Set.of(0), held.stream().map(StragglerHolds.Held::partition).collect(Collectors.toSet()));
    assertEquals(
        2, held.stream().map(StragglerHolds.Held::stage).distinct().count(), held.toString());
    for (StragglerHolds.Held h : held) {
      assertEquals(3.0, h.factor());
      assertTrue(h.ranMs() >= 50, h.toString());
      assertEquals(2 * h.ranMs(), h.heldMs(), 1.0, h.toString());
    }

    StragglerHolds.clear();
    jsc.sc().addJobTag("flexcode-engine-test");
    try {
      sleepingJob(jsc);
    } finally {
      jsc.sc().removeJobTag("flexcode-engine-test");
    }
    sleepingJob(jsc); // untagged: its hold arrives after any the tagged job might have sent
    assertTrue(eventually(() -> !StragglerHolds.held().isEmpty()), "the untagged job's hold");
    assertEquals(1, StragglerHolds.held().size(), StragglerHolds.held().toString());
  }

  @Test
  void aBadPatternOrSeedNamesItsKey() {
    IllegalArgumentException pattern =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StragglerHolds.pattern(
                    new SparkConf().set(StragglerHolds.PATTERN_KEY, "slow-worker:p=2")));
    assertTrue(
        pattern.getMessage().startsWith("spark.flexcode.stragglers: "), pattern.getMessage());
    IllegalArgumentException seed =
        assertThrows(
            IllegalArgumentException.class,
            () -> StragglerHolds.seed(new SparkConf().set(StragglerHolds.SEED_KEY, "x")));
    assertTrue(seed.getMessage().contains("spark.flexcode.stragglers.seed"), seed.getMessage());
    assertFalse(StragglerHolds.pattern(new SparkConf()) != null, "no key, no pattern");
  }

  /** Four tasks of 80 ms, one per partition. */
  private static void sleepingJob(JavaSparkContext jsc) {
    jsc.parallelize(IntStream.range(0, 4).boxed().toList(), 4)
        .map(
            x -> {
              Thread.sleep(80); // the task's work, not a wait
              return x;
            })
        .collect();
  }

  private static boolean eventually(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (System.currentTimeMillis() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20); // the plugin reports holds from task threads: polled to a deadline
    }
    return condition.getAsBoolean();
  }
}
