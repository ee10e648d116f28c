package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Emulated compute follows from the conf key alone, in FlexCode's tasks (through the engine's
 * options) and in a wrapped input (MLlib's), on local[4].
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class EmulatedComputeSparkTest {

  private static final List<Long> SLEPT = Collections.synchronizedList(new ArrayList<>());

  private static final BlockStatistic<Double, Double> SUM =
      (model, iteration, block, records, out) -> {
        for (double x : records) {
          out[0] += model * x;
        }
      };

  private static JavaRDD<Double> data(JavaSparkContext jsc) {
    List<Double> values = IntStream.rangeClosed(1, 400).mapToObj(i -> (double) i).toList();
    return jsc.parallelize(values, 4);
  }

  private static AggregatorOptions emulated(JavaSparkContext jsc, String compute) {
    SparkConf conf = jsc.getConf().set(ComputeEmulation.KEY, compute);
    return AggregatorOptions.fromConf(conf);
  }

  @Test
  void theConfKeyAloneMakesEveryCodedTaskSleepPerBlockItHolds(JavaSparkContext jsc) {
    AggregatorOptions options = emulated(jsc, "emulated:block-ms=150");
    assertEquals(150, options.injector().compute().blockMs());
    for (String spec : List.of("bsp", "frc:s=1")) {
      long perTask = spec.equals("bsp") ? 150 : 300; // frc s=1: each task holds s + 1 = 2 blocks
      try (CodedAggregator<Double> engine =
          CodedAggregator.create(data(jsc), AggregationStrategy.parse(spec), options)) {
        List<TaskTiming> finished = engine.aggregate(1.0, SUM, 1).record().finished();
        assertFalse(finished.isEmpty());
        for (TaskTiming t : finished) {
          assertEquals(perTask, t.injectedDelayMs(), spec + " " + t);
          assertTrue(t.durationMs() >= perTask, spec + " slept on the clock: " + t);
        }
      }
    }
    AggregatorOptions real =
        AggregatorOptions.fromConf(jsc.getConf().set(ComputeEmulation.KEY, "real"));
    assertFalse(real.injector().compute().isEmulated());
  }

  @Test
  void aWrappedInputSleepsInProportionToEachPartitionsRecords(JavaSparkContext jsc) {
    SLEPT.clear();
    StragglerInjector injector =
        new StragglerInjector(
                StragglerPattern.ideal(), 1, ComputeEmulation.parse("emulated:block-ms=100"))
            .withSleeper(ms -> SLEPT.add(ms));
    assertEquals(400L, injector.wrap(data(jsc)).count());
    assertEquals(List.of(100L, 100L, 100L, 100L), sorted(SLEPT), "4 blocks of the mean size");
    SLEPT.clear();
    JavaRDD<Double> overPartitioned = data(jsc).repartition(16);
    assertEquals(400L, injector.wrap(overPartitioned, 100).count());
    long total = SLEPT.stream().mapToLong(Long::longValue).sum();
    assertEquals(16, SLEPT.size());
    assertEquals(400, total, 16, "16 partitions of a quarter block each, 4 blocks in all");
  }

  private static List<Long> sorted(List<Long> values) {
    synchronized (values) {
      return values.stream().sorted().collect(Collectors.toList());
    }
  }

  @Test
  void aRunningContextsConfIsFoundWithoutASession(JavaSparkContext jsc) {
    // ComputeEmulation.active() falls back to it when no SparkSession exists (a bench driver).
    assertEquals(jsc.appName(), SparkInternals.activeConf().orElseThrow().get("spark.app.name"));
  }
}
