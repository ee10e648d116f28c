package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.expected;
import static org.flexcode.aggregation.engine.EngineTestSupport.relativeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scala.collection.JavaConverters;

/**
 * The jobs of an iteration run on the job data without its lineage: over data from a DataFrame
 * (whose lineage reaches back through the SQL plan), each stage of an engine's job holds one RDD
 * with no parent, the sums are exact, and a cached block that is lost is recomputed from the
 * lineage the executors read from the broadcast.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class ThinJobRDDTest {

  private static final int RECORDS = 600;

  @ParameterizedTest
  @ValueSource(strings = {"bsp", "cyclic:s=1", "steal:r=2,chunks=2,home=chunks"})
  void theIterationsStagesHoldOneRddWithoutParentsAndLostBlocksAreRecomputed(
      String strategy, SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    EngineStages stages = new EngineStages();
    jsc.sc().addSparkListener(stages);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(
            fromDataFrame(spark),
            AggregationStrategy.parse(strategy),
            EngineTestSupport.options())) {
      assertTrue(
          relativeError(engine.aggregate(2.0, STATISTIC, 3).values(), expected(RECORDS, 2.0))
              <= 1e-12);
      jsc.sc().env().blockManager().master().removeRdd(engine.codedRddId(), true);
      assertTrue(
          relativeError(engine.aggregate(3.0, STATISTIC, 3).values(), expected(RECORDS, 3.0))
              <= 1e-12,
          "after the cached blocks were removed");
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
      assertFalse(stages.seen.isEmpty(), "no stage of the engine's jobs was seen");
      for (StageInfo stage : stages.seen) {
        assertEquals(1, stage.rddInfos().size(), stage.name() + ": " + stage.rddInfos());
        assertTrue(
            stage.rddInfos().head().parentIds().isEmpty(),
            stage.name() + " reads RDDs " + stage.rddInfos().head().parentIds());
      }
    } finally {
      jsc.sc().removeSparkListener(stages);
    }
  }

  /** Values 1..RECORDS through a DataFrame's plan, in 4 partitions. */
  private static JavaRDD<Double> fromDataFrame(SparkSession spark) {
    List<Double> values = new ArrayList<>();
    IntStream.rangeClosed(1, RECORDS).forEach(i -> values.add((double) i));
    Dataset<Double> frame =
        spark.createDataset(values, Encoders.DOUBLE()).repartition(4).filter("value > 0");
    return frame.toJavaRDD();
  }

  /** The stages of the engine's iteration jobs (their descriptions start with "FlexCode "). */
  private static final class EngineStages extends SparkListener {
    final List<StageInfo> seen = new CopyOnWriteArrayList<>();

    @Override
    @SuppressWarnings("deprecation") // JavaConverters: the one converter Scala 2.12 and 2.13 share
    public void onJobStart(SparkListenerJobStart start) {
      String description = start.properties().getProperty("spark.job.description");
      if (description != null && description.startsWith("FlexCode ")) {
        seen.addAll(JavaConverters.seqAsJavaList(start.stageInfos()));
      }
    }
  }
}
