package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.spark.ml.classification.LinearSVC;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@link FlexCodeLinearSVC} against Spark's LinearSVC on the same data. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeLinearSVCTest {

  private static final int MAX_ITER = 10;

  static Dataset<Row> data;

  /** {@code rows} points labelled by the sign of x0 + 0.5 x1 - x2 / 10 + noise(0.3). */
  static Dataset<Row> separable(SparkSession spark, int rows, long seed) {
    Random random = new Random(seed);
    List<LabeledPoint> points = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      double x0 = random.nextGaussian();
      double x1 = random.nextGaussian();
      double x2 = 10 * random.nextGaussian();
      double label = x0 + 0.5 * x1 - x2 / 10 + 0.3 * random.nextGaussian() > 0 ? 1.0 : 0.0;
      points.add(new LabeledPoint(label, Vectors.dense(x0, x1, x2)));
    }
    return spark.createDataFrame(points, LabeledPoint.class);
  }

  @BeforeAll
  static void load(SparkSession spark) {
    data = separable(spark, 400, 5).repartition(4).cache();
  }

  /**
   * Each strategy's fit against Spark's on the same 10 OWL-QN steps (tolerance 1e-10 stops neither:
   * the hinge loss is not smooth), so the two follow the same path step by step.
   */
  private static void matchesSpark(List<String> strategies, Consumer<LinearSVC> setup) {
    LinearSVC spark = new LinearSVC().setMaxIter(MAX_ITER).setTol(1e-10);
    setup.accept(spark);
    LinearSVCModel reference = spark.fit(data);
    for (String strategy : strategies) {
      FlexCodeLinearSVC ours =
          KnownAnswers.withStrategy(new FlexCodeLinearSVC(), strategy).setStragglerTolerance(1);
      ours.setMaxIter(MAX_ITER).setTol(1e-10);
      setup.accept(ours);
      LinearSVCModel model = ours.fit(data);
      assertEquals(LinearSVCModel.class, model.getClass());
      KnownAnswers.assertMatches(
          strategy,
          model.coefficients().toArray(),
          model.intercept(),
          reference.coefficients().toArray(),
          reference.intercept());
      assertEquals(reference.summary().accuracy(), model.summary().accuracy(), 1e-12, strategy);
    }
  }

  @Test
  void matchesSparksLinearSvcWithExactStrategies() {
    matchesSpark(
        List.of(KnownAnswers.DEFAULT, "bsp", "frc", "cyclic"), svc -> svc.setRegParam(0.1));
  }

  @Test
  void matchesSparkWithoutStandardizationAndWithoutIntercept() {
    matchesSpark(
        List.of("bsp"),
        svc -> svc.setRegParam(0.1).setStandardization(false).setFitIntercept(false));
  }

  @Test
  void savesAndLoadsWithSparksLoaders(@TempDir Path dir) throws Exception {
    FlexCodeLinearSVC estimator = new FlexCodeLinearSVC().setStrategy("cyclic");
    estimator.setMaxIter(MAX_ITER).setRegParam(0.01);
    LinearSVCModel model = estimator.fit(data);
    model.save(dir.resolve("model").toString());
    LinearSVCModel reloaded = LinearSVCModel.load(dir.resolve("model").toString());
    assertEquals(model.coefficients(), reloaded.coefficients());
    assertEquals(model.intercept(), reloaded.intercept());
    assertTrue(model.summary().accuracy() > 0.85, "accuracy " + model.summary().accuracy());
  }

  @Test
  void rejectsMoreThanTwoClassesByName() {
    Dataset<Row> three = data.selectExpr("label * 2 as label", "features");
    IllegalArgumentException classes =
        assertThrows(IllegalArgumentException.class, () -> new FlexCodeLinearSVC().fit(three));
    assertTrue(classes.getMessage().contains("labels must be 0 or 1"), classes.getMessage());
  }
}
