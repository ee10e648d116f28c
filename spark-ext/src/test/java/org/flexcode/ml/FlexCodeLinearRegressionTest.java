package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.regression.LinearRegression;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@link FlexCodeLinearRegression} against Spark's LinearRegression(solver l-bfgs). */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeLinearRegressionTest {

  static Dataset<Row> data;

  /**
   * {@code rows} points y = 1.5 + 2 x0 - 3 x1 + 0.5 x2 + noise(0.1), features on scales 1, 10 and
   * 0.1 (so standardization matters).
   */
  static Dataset<Row> linear(SparkSession spark, int rows, long seed) {
    Random random = new Random(seed);
    List<LabeledPoint> points = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      double x0 = random.nextGaussian();
      double x1 = 10 * random.nextGaussian();
      double x2 = 0.1 * random.nextGaussian() + 2;
      double y = 1.5 + 2 * x0 - 0.3 * x1 + 5 * x2 + 0.1 * random.nextGaussian();
      points.add(new LabeledPoint(y, Vectors.dense(x0, x1, x2)));
    }
    return spark.createDataFrame(points, LabeledPoint.class);
  }

  @BeforeAll
  static void load(SparkSession spark) {
    data = linear(spark, 400, 3).repartition(4).cache();
  }

  private static void matchesSpark(List<String> strategies, Consumer<LinearRegression> setup) {
    LinearRegression spark =
        new LinearRegression().setSolver("l-bfgs").setMaxIter(500).setTol(1e-10);
    setup.accept(spark);
    LinearRegressionModel reference = spark.fit(data);
    for (String strategy : strategies) {
      FlexCodeLinearRegression ours =
          KnownAnswers.withStrategy(new FlexCodeLinearRegression(), strategy)
              .setStragglerTolerance(1);
      ours.setMaxIter(500).setTol(1e-10);
      setup.accept(ours);
      LinearRegressionModel model = ours.fit(data);
      assertEquals(LinearRegressionModel.class, model.getClass());
      KnownAnswers.assertMatches(
          strategy,
          model.coefficients().toArray(),
          model.intercept(),
          reference.coefficients().toArray(),
          reference.intercept());
      assertEquals(
          reference.summary().rootMeanSquaredError(),
          model.summary().rootMeanSquaredError(),
          1e-6 * reference.summary().rootMeanSquaredError(),
          strategy);
    }
  }

  @Test
  void matchesSparksLbfgsPathWithExactStrategies() {
    matchesSpark(List.of(KnownAnswers.DEFAULT, "bsp", "frc", "cyclic"), lr -> lr.setRegParam(0.1));
  }

  @Test
  void matchesSparkWithElasticNetWithoutStandardizationAndWithoutIntercept() {
    matchesSpark(
        List.of("bsp"),
        lr -> lr.setRegParam(0.1).setElasticNetParam(0.5).setStandardization(false));
    matchesSpark(List.of("cyclic"), lr -> lr.setRegParam(0.01).setFitIntercept(false));
  }

  @Test
  void savesAndLoadsWithSparksLoaders(@TempDir Path dir) throws Exception {
    FlexCodeLinearRegression estimator = new FlexCodeLinearRegression().setStrategy("frc");
    estimator.setMaxIter(30);
    LinearRegressionModel model = estimator.fit(data);
    model.save(dir.resolve("model").toString());
    LinearRegressionModel reloaded = LinearRegressionModel.load(dir.resolve("model").toString());
    assertEquals(model.coefficients(), reloaded.coefficients());
    assertEquals(model.intercept(), reloaded.intercept());
    assertTrue(model.summary().r2() > 0.99, "r2 " + model.summary().r2());
  }

  @Test
  void rejectsTheNormalSolverAndHuberLossByName() {
    FlexCodeLinearRegression normal = new FlexCodeLinearRegression().setSolver("normal");
    IllegalArgumentException solver =
        assertThrows(IllegalArgumentException.class, () -> normal.fit(data));
    assertTrue(solver.getMessage().contains("got normal"), solver.getMessage());
    FlexCodeLinearRegression huber = new FlexCodeLinearRegression();
    huber.setLoss("huber");
    IllegalArgumentException loss =
        assertThrows(IllegalArgumentException.class, () -> huber.fit(data));
    assertTrue(loss.getMessage().contains("loss squaredError, got huber"), loss.getMessage());
    FlexCodeLinearRegression ignore =
        new FlexCodeLinearRegression().setStrategy("ignore").setSolver("l-bfgs");
    IllegalArgumentException inexact =
        assertThrows(IllegalArgumentException.class, () -> ignore.fit(data));
    assertTrue(inexact.getMessage().contains("needs an exact strategy"), inexact.getMessage());
    assertEquals(
        "GD", new FlexCodeLinearRegression().setStrategy("ignore").resolvedSolver().name());
  }
}
