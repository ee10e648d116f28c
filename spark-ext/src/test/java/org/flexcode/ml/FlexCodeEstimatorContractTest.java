package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every FlexCode Estimator keeps: the shared {@link FlexCodeParams} with the same
 * names, defaults (also from the session conf), validation and strategy rule; {@code copy}; a
 * save/load round trip of the Estimator; use inside a {@link Pipeline} and a {@link
 * CrossValidator}; and fits with the late-shadow spec {@code shadow:m=1,f=0.1,late=1.5} and the
 * cyclic spec {@code cyclic:s=2}. A thin subclass per Estimator gives tiny data and a quick setup.
 *
 * @param <E> the Estimator
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
abstract class FlexCodeEstimatorContractTest<
    E extends Estimator<?> & FlexCodeParams<E> & MLWritable> {

  static final List<String> NAMES =
      List.of(
          "strategy",
          "stragglerTolerance",
          "ignoreCount",
          "shadowTasks",
          "shadowFraction",
          "shadowSelector",
          "shadowLate",
          "solver",
          "stepSize");

  @TempDir Path dir;

  /** A new Estimator, no param set. */
  abstract E create();

  /** {@code estimator} set up (Spark params only) to fit {@link #data} in well under a second. */
  abstract E quick(E estimator);

  /** Tiny training data with four partitions. */
  abstract Dataset<Row> data(SparkSession spark);

  /** Loads a saved Estimator with the Estimator's own {@code load}. */
  abstract E load(String path);

  /** The evaluator a CrossValidator over this Estimator uses. */
  abstract Evaluator evaluator();

  /** The Estimator's own fallback for {@code stepSize}. */
  abstract double defaultStepSize();

  /** A valid solver other than auto (gd; LinearRegression's own solver param takes l-bfgs). */
  String explicitSolver() {
    return "gd";
  }

  /**
   * Checks that {@code model}, fitted on {@link #data} with {@code strategy}, is Spark's and fits.
   */
  abstract void checkModel(Model<?> model, Dataset<Row> data, String strategy);

  @Test
  void hasTheSharedParamsWithTheirDefaults() {
    E estimator = create();
    for (String name : NAMES) {
      assertTrue(estimator.hasParam(name), name);
      assertTrue(estimator.hasDefault(estimator.getParam(name)), name);
      assertFalse(estimator.isSet(estimator.getParam(name)), name + ": defaults are not 'set'");
    }
    assertEquals("auto:exact=true", estimator.getStrategy());
    assertEquals(1, estimator.getStragglerTolerance());
    assertEquals(1, estimator.getIgnoreCount());
    assertEquals(1, estimator.getShadowTasks());
    assertEquals(0.1, estimator.getShadowFraction());
    assertEquals("entropy", estimator.getShadowSelector());
    assertEquals(0.0, estimator.getShadowLate());
    assertEquals("auto", estimator.getSolver());
    assertEquals(defaultStepSize(), estimator.getStepSize());
    assertEquals("auto:exact=true", estimator.aggregationStrategy().spec());
  }

  @Test
  void validatesEveryParam() {
    List<Consumer<E>> invalid =
        List.of(
            e -> e.setStrategy("fastest"),
            e -> e.setStrategy("shadow:f=2"),
            e -> e.setStragglerTolerance(-1),
            e -> e.setIgnoreCount(-1),
            e -> e.setShadowTasks(0),
            e -> e.setShadowFraction(1.5),
            e -> e.setShadowSelector("best"),
            e -> e.setShadowLate(-1),
            e -> e.setSolver("newton"),
            e -> e.setStepSize(0));
    for (Consumer<E> set : invalid) {
      assertThrows(IllegalArgumentException.class, () -> set.accept(create()));
    }
  }

  @Test
  void takesDefaultsFromTheSessionConf(SparkSession spark) {
    spark.conf().set("spark.flexcode.strategy", "cyclic");
    spark.conf().set("spark.flexcode.stragglerTolerance", "2");
    spark.conf().set("spark.flexcode.shadowLate", "1.5");
    spark.conf().set("spark.flexcode.stepSize", "0.25");
    try {
      E estimator = create();
      assertEquals("cyclic:s=2", estimator.aggregationStrategy().spec());
      assertEquals(1.5, estimator.getShadowLate());
      assertEquals(0.25, estimator.getStepSize());
      assertFalse(estimator.isSet(estimator.strategy()));
      spark.conf().set("spark.flexcode.shadowFraction", "2");
      IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, this::create);
      assertTrue(
          bad.getMessage().contains("spark.flexcode.shadowFraction = '2.0'"), bad.getMessage());
    } finally {
      for (String name : NAMES) {
        spark.conf().unset("spark.flexcode." + name);
      }
    }
  }

  @Test
  void aBareNameTakesTheParamsAndAFullSpecIsUsedAsGiven() {
    assertEquals(
        "ignore:b=2",
        create().setStrategy("ignore").setIgnoreCount(2).aggregationStrategy().spec());
    assertEquals(
        "hybrid:s=2,m=2,f=0.2,selector=random,late=1.5",
        create()
            .setStrategy("HYBRID")
            .setStragglerTolerance(2)
            .setShadowTasks(2)
            .setShadowFraction(0.2)
            .setShadowSelector("random")
            .setShadowLate(1.5)
            .aggregationStrategy()
            .spec());
    assertEquals(
        "frc:s=1", create().setStrategy("frc").setShadowTasks(3).aggregationStrategy().spec());
    assertEquals(
        "cyclic:s=2",
        create().setStrategy("cyclic:s=2").setStragglerTolerance(3).aggregationStrategy().spec());
    E both = create().setStrategy("shadow:m=1,f=0.1,late=1.5").setShadowLate(2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, both::aggregationStrategy);
    assertTrue(
        e.getMessage().contains("shadowLate = 2.0")
            && e.getMessage().contains("'shadow:m=1,f=0.1,late=1.5'"),
        e.getMessage());
  }

  @Test
  void copiesWithTheSameUidAndParams() {
    E estimator = create().setStrategy("cyclic").setShadowLate(1.5);
    @SuppressWarnings("unchecked")
    E copy = (E) estimator.copy(ParamMap.empty());
    assertEquals(estimator.uid(), copy.uid());
    assertEquals("cyclic", copy.getStrategy());
    assertEquals(1.5, copy.getShadowLate());
    assertTrue(copy.isSet(copy.strategy()));
    @SuppressWarnings("unchecked")
    E changed = (E) estimator.copy(new ParamMap().put(estimator.stragglerTolerance(), 2));
    assertEquals("cyclic:s=2", changed.aggregationStrategy().spec());
    assertEquals("cyclic:s=1", estimator.aggregationStrategy().spec());
  }

  @Test
  void savesAndLoadsTheEstimatorWithEveryParam() throws Exception {
    E estimator =
        create()
            .setStrategy("hybrid")
            .setStragglerTolerance(2)
            .setIgnoreCount(3)
            .setShadowTasks(2)
            .setShadowFraction(0.2)
            .setShadowSelector("random")
            .setShadowLate(1.5)
            .setSolver(explicitSolver())
            .setStepSize(0.5);
    String path = dir.resolve("estimator").toString();
    estimator.save(path);
    E loaded = load(path);
    assertEquals(estimator.getClass(), loaded.getClass());
    assertEquals(estimator.uid(), loaded.uid());
    for (String name : NAMES) {
      assertEquals(
          estimator.getOrDefault(estimator.getParam(name)),
          loaded.getOrDefault(loaded.getParam(name)),
          name);
      assertTrue(loaded.isSet(loaded.getParam(name)), name);
    }
    assertEquals(estimator.aggregationStrategy().spec(), loaded.aggregationStrategy().spec());
  }

  @Test
  void fitsInsideAPipelineThatSavesAndLoads(SparkSession spark) throws Exception {
    E estimator = quick(create()).setStrategy("frc");
    Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {estimator});
    PipelineModel fitted = pipeline.fit(data(spark));
    checkModel((Model<?>) fitted.stages()[0], data(spark), "frc");
    pipeline.save(dir.resolve("pipeline").toString());
    Pipeline reloaded = Pipeline.load(dir.resolve("pipeline").toString());
    PipelineStage stage = reloaded.getStages()[0];
    assertEquals(estimator.getClass(), stage.getClass());
    @SuppressWarnings("unchecked")
    E loaded = (E) stage;
    assertEquals("frc", loaded.getStrategy());
  }

  @Test
  void tunesItsStrategyInsideACrossValidator(SparkSession spark) {
    E estimator = quick(create()).setStrategy("cyclic");
    ParamMap[] grid =
        new ParamGridBuilder().addGrid(estimator.stragglerTolerance(), new int[] {1, 2}).build();
    CrossValidatorModel cv =
        new CrossValidator()
            .setEstimator(estimator)
            .setEstimatorParamMaps(grid)
            .setEvaluator(evaluator())
            .setNumFolds(2)
            .setSeed(7)
            .fit(data(spark));
    assertEquals(2, cv.avgMetrics().length);
    for (double metric : cv.avgMetrics()) {
      assertTrue(Double.isFinite(metric), "metric " + metric);
    }
    checkModel(cv.bestModel(), data(spark), "cyclic");
  }

  @Test
  void fitsWithALateShadowSpec(SparkSession spark) {
    fitsWith(spark, "shadow:m=1,f=0.1,late=1.5");
  }

  @Test
  void fitsWithACyclicSpec(SparkSession spark) {
    fitsWith(spark, "cyclic:s=2");
  }

  private void fitsWith(SparkSession spark, String spec) {
    E estimator = quick(create()).setStrategy(spec);
    assertEquals(spec, estimator.aggregationStrategy().spec());
    checkModel(estimator.fit(data(spark)), data(spark), spec);
  }
}
