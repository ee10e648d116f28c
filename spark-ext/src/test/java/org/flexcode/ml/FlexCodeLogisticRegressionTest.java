package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.LibSvmReader;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeLogisticRegressionTest {

  static Dataset<Row> a9a;
  static Dataset<Row> a9aTest;
  static Dataset<Row> agaricus;

  @BeforeAll
  static void load(JavaSparkContext jsc, SparkSession spark) {
    a9a = frame(jsc, spark, "a9a/a9a", 123, 8).cache();
    a9aTest = frame(jsc, spark, "a9a/a9a.t", 123, 4).cache();
    agaricus = frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4).cache();
  }

  static Dataset<Row> frame(
      JavaSparkContext jsc, SparkSession spark, String file, int features, int partitions) {
    String path = ProjectPaths.datasets().resolve(file).toString();
    return spark.createDataFrame(
        LibSvmReader.read(jsc, path, features, partitions)
            .map(p -> new LabeledPoint(p.label(), p.features().asML()))
            .repartition(partitions),
        LabeledPoint.class);
  }

  static double accuracy(LogisticRegressionModel model, Dataset<Row> data) {
    return (double) model.transform(data).filter("prediction = label").count() / data.count();
  }

  static double relativeDifference(double[] x, double[] reference) {
    return org.flexcode.metrics.Errors.relative(x, reference);
  }

  @Test
  void matchesSparksLogisticRegressionWithExactStrategies() {
    LogisticRegression spark =
        new LogisticRegression().setMaxIter(500).setTol(1e-10).setRegParam(1e-3);
    LogisticRegressionModel reference = spark.fit(a9a);
    for (String strategy : List.of(KnownAnswers.DEFAULT, "bsp", "frc", "cyclic")) {
      FlexCodeLogisticRegression ours =
          KnownAnswers.withStrategy(new FlexCodeLogisticRegression(), strategy)
              .setStragglerTolerance(1);
      ours.setMaxIter(500).setTol(1e-10).setRegParam(1e-3);
      LogisticRegressionModel model = ours.fit(a9a);
      double diff =
          relativeDifference(model.coefficients().toArray(), reference.coefficients().toArray());
      double[] h1 = model.summary().objectiveHistory();
      double[] h2 = reference.summary().objectiveHistory();
      assertTrue(
          diff <= 1e-6,
          strategy
              + " coefficients differ by "
              + diff
              + " ours "
              + h1.length
              + " "
              + h1[h1.length - 1]
              + " spark "
              + h2.length
              + " "
              + h2[h2.length - 1]);
      assertEquals(
          reference.intercept(), model.intercept(), 1e-5 * Math.abs(reference.intercept()));
      assertEquals(LogisticRegressionModel.class, model.getClass());
    }
  }

  @Test
  void fitsAOnePartitionFrameWithCyclic() {
    Dataset<Row> onePartition = agaricus.coalesce(1);
    assertEquals(1, onePartition.rdd().getNumPartitions());
    java.util.Set<Integer> tasks = new java.util.concurrent.ConcurrentSkipListSet<>();
    FlexCodeLogisticRegression ours =
        new FlexCodeLogisticRegression()
            .setStrategy("cyclic")
            .setStragglerTolerance(1)
            .setIterationListener((it, loss, record) -> tasks.addAll(tasksOf(record)));
    ours.setMaxIter(50);
    assertEquals(0, ours.getNumTasks());
    LogisticRegressionModel model = ours.fit(onePartition);
    assertTrue(accuracy(model, agaricus) > 0.95, "accuracy " + accuracy(model, agaricus));
    // local[4]: one task per core (at least s + 2 = 3), not the input's one partition.
    assertEquals(java.util.Set.of(0, 1, 2, 3), tasks);
    tasks.clear();
    ours.setNumTasks(6).setMaxIter(3).fit(onePartition);
    assertEquals(5, tasks.stream().mapToInt(Integer::intValue).max().orElse(-1), "" + tasks);
  }

  @Test
  void namesTheNumTasksParamWhenTheToleranceNeedsMoreTasks() {
    FlexCodeLogisticRegression ours =
        new FlexCodeLogisticRegression().setStrategy("cyclic").setStragglerTolerance(3);
    ours.setNumTasks(2).setMaxIter(2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ours.fit(agaricus));
    assertTrue(e.getMessage().contains("numTasks=2"), e.getMessage());
    assertTrue(e.getMessage().contains("at least 4"), e.getMessage());
  }

  private static List<Integer> tasksOf(org.flexcode.metrics.IterationRecord record) {
    List<Integer> ids = new java.util.ArrayList<>(record.usedTasks());
    ids.addAll(record.cancelledTasks());
    record.finished().forEach(t -> ids.add(t.task()));
    return ids;
  }

  @Test
  void reachesTheReferenceAccuracyOnA9aWithDefaultsAndIgnoreStaysClose() {
    LogisticRegressionModel bsp = new FlexCodeLogisticRegression().fit(a9a);
    double exact = accuracy(bsp, a9aTest);
    assertTrue(exact >= 0.845, "bsp accuracy " + exact);
    assertTrue(bsp.hasSummary());
    assertTrue(bsp.summary().objectiveHistory().length > 1);
    FlexCodeLogisticRegression ignore = new FlexCodeLogisticRegression().setStrategy("ignore");
    assertEquals("GD", ignore.resolvedSolver().name());
    double approximate = accuracy(ignore.fit(a9a), a9aTest);
    assertTrue(Math.abs(approximate - exact) <= 0.005, "ignore " + approximate + " vs " + exact);
    // Shadows under injected stragglers (a session key), with the same gd solver as ignore.
    a9a.sparkSession().conf().set("spark.flexcode.stragglers", "slow-worker:p=0.3,max=1");
    try {
      FlexCodeLogisticRegression shadow =
          new FlexCodeLogisticRegression()
              .setStrategy("shadow")
              .setShadowFraction(0.2)
              .setShadowSelector("entropy");
      assertEquals("shadow:m=1,f=0.2", shadow.aggregationStrategy().spec());
      double shadowed = accuracy(shadow.fit(a9a), a9aTest);
      assertTrue(Math.abs(shadowed - exact) <= 0.005, "shadow " + shadowed + " vs " + exact);
    } finally {
      a9a.sparkSession().conf().unset("spark.flexcode.stragglers");
    }
  }

  @Test
  void savesAndLoadsWithSparksOwnLoaders(@TempDir Path dir) throws Exception {
    FlexCodeLogisticRegression estimator =
        new FlexCodeLogisticRegression().setStrategy("cyclic").setStragglerTolerance(2);
    estimator.setMaxIter(20).setRegParam(0.01);
    estimator.save(dir.resolve("estimator").toString());
    FlexCodeLogisticRegression loaded =
        FlexCodeLogisticRegression.load(dir.resolve("estimator").toString());
    assertEquals("cyclic", loaded.getStrategy());
    assertEquals(2, loaded.getStragglerTolerance());
    assertEquals(20, loaded.getMaxIter());
    assertEquals(estimator.uid(), loaded.uid());

    LogisticRegressionModel model = loaded.fit(agaricus);
    model.save(dir.resolve("model").toString());
    LogisticRegressionModel reloaded =
        LogisticRegressionModel.load(dir.resolve("model").toString());
    assertTrue(
        relativeDifference(reloaded.coefficients().toArray(), model.coefficients().toArray()) == 0);
    assertEquals(
        model.transform(agaricus).select("prediction").collectAsList(),
        reloaded.transform(agaricus).select("prediction").collectAsList());
  }

  @Test
  void worksInsideAPipelineAndCrossValidator(@TempDir Path dir) throws Exception {
    FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression().setStrategy("frc");
    lr.setMaxIter(15);
    Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {lr});
    PipelineModel fitted = pipeline.fit(agaricus);
    assertTrue(fitted.stages()[0] instanceof LogisticRegressionModel);
    pipeline.save(dir.resolve("pipeline").toString());
    Pipeline reloaded = Pipeline.load(dir.resolve("pipeline").toString());
    assertTrue(reloaded.getStages()[0] instanceof FlexCodeLogisticRegression);

    ParamMap[] grid =
        new ParamGridBuilder().addGrid(lr.regParam(), new double[] {0.0, 0.1}).build();
    CrossValidatorModel cv =
        new CrossValidator()
            .setEstimator(lr)
            .setEstimatorParamMaps(grid)
            .setEvaluator(new BinaryClassificationEvaluator())
            .setNumFolds(2)
            .setSeed(7)
            .fit(agaricus);
    assertEquals(2, cv.avgMetrics().length);
    assertTrue(cv.avgMetrics()[0] > 0.9, "area under ROC " + cv.avgMetrics()[0]);
  }

  @Test
  void takesDefaultsFromSparkConfAndSavesTheResolvedValues(SparkSession spark, @TempDir Path dir)
      throws Exception {
    spark.conf().set("spark.flexcode.strategy", "frc");
    spark.conf().set("spark.flexcode.stragglerTolerance", "3");
    FlexCodeLogisticRegression fromConf;
    try {
      fromConf = new FlexCodeLogisticRegression();
      assertEquals("frc", fromConf.getStrategy());
      assertEquals(3, fromConf.getStragglerTolerance());
      spark.conf().set("spark.flexcode.strategy", "fastest");
      IllegalArgumentException bad =
          assertThrows(IllegalArgumentException.class, FlexCodeLogisticRegression::new);
      assertTrue(
          bad.getMessage().contains("spark.flexcode.strategy = 'fastest'"), bad.getMessage());
    } finally {
      spark.conf().unset("spark.flexcode.strategy");
      spark.conf().unset("spark.flexcode.stragglerTolerance");
    }
    fromConf.save(dir.resolve("estimator").toString());
    FlexCodeLogisticRegression loaded =
        FlexCodeLogisticRegression.load(dir.resolve("estimator").toString());
    assertEquals("frc", loaded.getStrategy(), "the saved Estimator recorded the resolved default");
    assertEquals(3, loaded.getStragglerTolerance());
  }

  @Test
  void hasSparksParamsAndOutputSchema() {
    FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression();
    assertTrue(lr.hasParam("maxIter") && lr.hasParam("strategy") && lr.hasParam("solver"));
    assertEquals("auto:exact=true", lr.getStrategy());
    assertEquals("auto", lr.getSolver());
    lr.setMaxIter(5);
    LogisticRegressionModel model = lr.fit(agaricus);
    List<String> columns = List.of(model.transform(agaricus).columns());
    assertTrue(
        columns.containsAll(List.of("rawPrediction", "probability", "prediction")),
        columns.toString());
    FlexCodeLogisticRegression copy = lr.copy(ParamMap.empty());
    assertEquals(5, copy.getMaxIter());
    assertEquals(lr.uid(), copy.uid());
  }

  @Test
  void rejectsWhatItDoesNotSupportWithClearErrors(SparkSession spark) {
    FlexCodeLogisticRegression late =
        new FlexCodeLogisticRegression().setStrategy("shadow").setShadowLate(1.5);
    assertEquals("shadow:m=1,f=0.1,late=1.5", late.aggregationStrategy().spec());
    IllegalArgumentException tooEarly =
        assertThrows(
            IllegalArgumentException.class, () -> late.setShadowLate(0.5).aggregationStrategy());
    assertTrue(tooEarly.getMessage().contains("must be >= 1, got 0.5"), tooEarly.getMessage());
    IllegalArgumentException solver =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new FlexCodeLogisticRegression()
                    .setStrategy("ignore")
                    .setSolver("lbfgs")
                    .fit(agaricus));
    assertTrue(
        solver.getMessage().contains("solver=lbfgs needs an exact strategy"), solver.getMessage());
    Dataset<Row> threeClasses = agaricus.selectExpr("label * 2 as label", "features");
    FlexCodeLogisticRegression binomial = new FlexCodeLogisticRegression();
    binomial.setFamily("binomial");
    IllegalArgumentException labels =
        assertThrows(IllegalArgumentException.class, () -> binomial.fit(threeClasses));
    assertTrue(
        labels.getMessage().contains("family binomial takes labels 0 and 1"), labels.getMessage());
    FlexCodeLogisticRegression fresh = new FlexCodeLogisticRegression();
    assertFalse(fresh.isSet(fresh.strategy()), "defaults are not 'set'");
  }
}
