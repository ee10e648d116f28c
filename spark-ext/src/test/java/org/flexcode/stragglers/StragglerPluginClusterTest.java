package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On executors of their own (two JVMs), the plugin holds the tasks of the executor the pattern
 * slows, executor 0 under {@code persistent:k=1}, and reports each hold to the driver.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local-cluster[2,1,1024]")
@SparkConfs({
  "spark.plugins=org.flexcode.stragglers.StragglerPlugin",
  "spark.flexcode.stragglers=persistent:k=1,factor=2"
})
@Tag("cluster")
class StragglerPluginClusterTest {

  @Test
  void holdsOnlyTheSlowedExecutorsTasks(JavaSparkContext jsc) throws Exception {
    StragglerHolds.clear();
    Set<String> ranOn =
        jsc
            .parallelize(IntStream.range(0, 8).boxed().toList(), 8)
            .map(
                x -> {
                  Thread.sleep(100); // the task's work, not a wait
                  return org.apache.spark.SparkEnv.get().executorId();
                })
            .collect()
            .stream()
            .collect(Collectors.toSet());
    assertEquals(Set.of("0", "1"), ranOn, "both executors ran tasks");
    long deadline = System.currentTimeMillis() + 10_000;
    while (StragglerHolds.held().isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(20); // holds arrive from executor JVMs over RPC: no hook in this JVM
    }
    Set<String> held =
        StragglerHolds.held().stream()
            .map(StragglerHolds.Held::executor)
            .collect(Collectors.toSet());
    assertEquals(Set.of("0"), held, StragglerHolds.held().toString());
    assertTrue(StragglerHolds.held().stream().allMatch(h -> h.factor() == 2.0));
  }
}
