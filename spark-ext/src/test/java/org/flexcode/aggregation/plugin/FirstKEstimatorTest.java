package org.flexcode.aggregation.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FlexCodeLogisticRegression} with its {@code strategy} param set to the plugin's {@code
 * first:k=3}: it fits agaricus over six tasks and reports three used in every iteration.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FirstKEstimatorTest {

  static final int TASKS = 6;
  static final int SLOW = 5;
  static final int FEATURES = 126;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @Test
  void fitsByTheSpecAndReportsThreeTasksUsedPerIteration(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> train = frame(jsc, spark, "agaricus/agaricus.txt.train", TASKS);
    Dataset<Row> test = frame(jsc, spark, "agaricus/agaricus.txt.test", 2);
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression().setStrategy("first:k=3").setNumTasks(TASKS);
    lr.setMaxIter(20);
    assertEquals("first:k=3", lr.getStrategy());
    assertEquals(new FirstK(3), lr.aggregationStrategy());
    assertEquals("GD", lr.resolvedSolver().name(), "an inexact strategy: solver auto picks gd");

    // Task 5 of the first aggregation straggles by a minute.
    EngineTestHooks.installStragglers(StragglerHook.delay(0, SLOW, 60_000));
    LogisticRegressionModel model = lr.fit(train);

    // The model is Spark's own and usable.
    assertEquals(FEATURES, model.numFeatures());
    Dataset<Row> predicted = model.transform(test);
    assertEquals(test.count(), predicted.filter("prediction IS NOT NULL").count());
    double accuracy = (double) predicted.filter("prediction = label").count() / test.count();
    assertTrue(accuracy >= 0.9, "accuracy " + accuracy);

    // FlexCode's report: the plugin's spec and three of six tasks used in every aggregation.
    List<IterationRecord> report = lr.lastTrainingReport();
    assertFalse(report.isEmpty(), "no iteration records");
    Set<Integer> tasksSeen = new TreeSet<>();
    for (IterationRecord record : report) {
      assertEquals("first:k=3", record.strategy(), record.toString());
      assertEquals(3, record.usedTasks().size(), record.toString());
      assertFalse(record.exact(), record.toString());
      tasksSeen.addAll(record.usedTasks());
      tasksSeen.addAll(record.cancelledTasks());
    }
    assertEquals(Set.of(0, 1, 2, 3, 4, 5), tasksSeen, "the data laid out over six tasks");
    IterationRecord first =
        report.stream().filter(r -> r.iteration() == 0).findFirst().orElseThrow();
    assertFalse(first.usedTasks().contains(SLOW), first.toString());
    assertTrue(first.cancelledTasks().contains(SLOW), first.toString());
  }

  @Test
  void theStrategyParamValidatesAndPersistsThePluginsSpec(@TempDir Path dir) throws Exception {
    FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression().setStrategy("first:k=4");
    lr.save(dir.resolve("estimator").toString());
    FlexCodeLogisticRegression loaded =
        FlexCodeLogisticRegression.load(dir.resolve("estimator").toString());
    assertEquals("first:k=4", loaded.getStrategy());
    assertEquals(new FirstK(4), loaded.aggregationStrategy());
    // A bare name takes the family's default k.
    assertEquals(
        new FirstK(3), new FlexCodeLogisticRegression().setStrategy("first").aggregationStrategy());
    assertThrows(
        IllegalArgumentException.class,
        () -> new FlexCodeLogisticRegression().setStrategy("first:k=0"));
  }

  private static Dataset<Row> frame(
      JavaSparkContext jsc, SparkSession spark, String file, int partitions) {
    String path = ProjectPaths.datasets().resolve(file).toString();
    return spark.createDataFrame(
        LibSvmReader.read(jsc, path, FEATURES, partitions)
            .map(p -> new LabeledPoint(p.label(), p.features().asML()))
            .repartition(partitions),
        LabeledPoint.class);
  }
}
