package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.coding.GradientCode;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Where {@link HolderRDD} asks Spark to run {@code steal}'s copies, over three named executors (the
 * locations only: nothing runs): two blocks of two chunks, two copies each.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class HolderRDDLocationsTest {

  private static final List<SparkInternals.Executor> EXECUTORS =
      List.of(
          new SparkInternals.Executor("0", "h0"),
          new SparkInternals.Executor("1", "h1"),
          new SparkInternals.Executor("2", "h2"));

  private static HolderRDD<Integer> holders(JavaSparkContext jsc, StealPlan plan) {
    PieceRDD<Integer> pieces =
        new PieceRDD<>(jsc.parallelize(IntStream.range(0, 8).boxed().toList(), 2).rdd(), plan);
    ChunkRDD<Integer> chunks = new ChunkRDD<>(pieces, plan);
    CodedRDD<Integer> coded =
        new CodedRDD<>(
            chunks,
            GradientCode.uncoded(plan.numTasks()),
            ShadowSpec.NONE,
            null,
            StealSetup.stealLocations(plan, EXECUTORS));
    return StealSetup.holders(coded, plan, EXECUTORS);
  }

  private static List<String> preferred(HolderRDD<Integer> rdd, int task) {
    scala.collection.Iterator<String> it =
        rdd.getPreferredLocations(rdd.partitions()[task]).iterator();
    List<String> locations = new java.util.ArrayList<>();
    while (it.hasNext()) {
      locations.add(it.next());
    }
    return locations;
  }

  @Test
  void aHomeCopyPrefersEveryHolderUnlessKeptHomeAsIgnoreNeeds(JavaSparkContext jsc) {
    StealPlan plan = new StealPlan(2, 2, 2, 3);
    HolderRDD<Integer> rdd = holders(jsc, plan);
    for (int chunk = 0; chunk < plan.numChunks(); chunk++) {
      String home = EXECUTORS.get(plan.executorOf(plan.taskOf(chunk, 0))).location();
      String other = EXECUTORS.get(plan.executorOf(plan.taskOf(chunk, 1))).location();
      assertEquals(List.of(home, other), preferred(rdd, chunk), "chunk " + chunk);
      rdd.keepHome(true);
      assertEquals(List.of(home), preferred(rdd, chunk), "chunk " + chunk + " kept home");
      assertEquals(List.of(other), preferred(rdd, plan.taskOf(chunk, 1)), "its copy");
      rdd.keepHome(false);
      assertEquals(List.of(home, other), preferred(rdd, chunk), "chunk " + chunk + " again");
    }
  }
}
