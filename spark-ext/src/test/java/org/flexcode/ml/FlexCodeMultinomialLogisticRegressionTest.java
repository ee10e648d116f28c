package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummary;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.ml.linalg.Matrices;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.metrics.Errors;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.flexcode.workloads.internal.CtrWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Multinomial {@link FlexCodeLogisticRegression} against Spark's own LogisticRegression on the same
 * data: Spark's bundled 3-class sample and the generated 5-class ctr workload.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeMultinomialLogisticRegressionTest {

  static Dataset<Row> iris;
  static Dataset<Row> ctr;

  @BeforeAll
  static void load(JavaSparkContext jsc, SparkSession spark) {
    iris =
        spark
            .read()
            .format("libsvm")
            .option("numFeatures", "4")
            .load(
                ProjectPaths.datasets()
                    .resolve("spark-mllib-samples/sample_multiclass_classification_data.txt")
                    .toString())
            .repartition(4)
            .cache();
    ctr =
        spark
            .createDataFrame(
                CtrWorkload.generate(jsc, new CtrWorkload.Spec(4, 300, 64, 5, 11))
                    .map(p -> new LabeledPoint(p.label(), p.features().asML())),
                LabeledPoint.class)
            .cache();
  }

  /** Fits Spark's and ours with {@code setup} and checks coefficients and intercepts agree. */
  private static void matchesSpark(
      Dataset<Row> data,
      List<String> strategies,
      java.util.function.Consumer<LogisticRegression> setup) {
    LogisticRegression spark = new LogisticRegression().setMaxIter(500).setTol(1e-10);
    setup.accept(spark);
    LogisticRegressionModel reference = spark.fit(data);
    assertTrue(reference.coefficientMatrix().numRows() > 1);
    for (String strategy : strategies) {
      FlexCodeLogisticRegression ours =
          new FlexCodeLogisticRegression().setStrategy(strategy).setStragglerTolerance(1);
      ours.setMaxIter(500).setTol(1e-10);
      setup.accept(ours);
      LogisticRegressionModel model = ours.fit(data);
      assertEquals(LogisticRegressionModel.class, model.getClass());
      assertEquals(model.numClasses(), model.coefficientMatrix().numRows(), strategy);
      assertEquals(reference.numClasses(), model.numClasses(), strategy);
      double coefficients =
          Errors.relative(
              model.coefficientMatrix().toArray(), reference.coefficientMatrix().toArray());
      double intercepts =
          Errors.relative(model.interceptVector().toArray(), reference.interceptVector().toArray());
      assertTrue(coefficients <= 1e-6, strategy + ": coefficients differ by " + coefficients);
      assertTrue(intercepts <= 1e-6, strategy + ": intercepts differ by " + intercepts);
      assertFalse(model.summary() instanceof BinaryLogisticRegressionTrainingSummary);
      assertEquals(reference.summary().accuracy(), model.summary().accuracy(), 1e-12, strategy);
    }
  }

  @Test
  void matchesSparkOnItsMulticlassSampleWithExactStrategies() {
    matchesSpark(iris, List.of("bsp", "frc", "cyclic"), lr -> lr.setRegParam(0.01));
  }

  @Test
  void matchesSparkWithElasticNetThroughOwlqnAndWithoutStandardization() {
    matchesSpark(
        iris,
        List.of("bsp"),
        lr -> lr.setRegParam(0.01).setElasticNetParam(0.5).setStandardization(false));
  }

  @Test
  void matchesSparkOnTheFiveClassCtrWorkload() {
    matchesSpark(ctr, List.of("bsp", "frc", "cyclic"), lr -> lr.setRegParam(0.01));
  }

  @Test
  void matchesSparkWithoutIntercept() {
    matchesSpark(iris, List.of("cyclic"), lr -> lr.setRegParam(0.05).setFitIntercept(false));
  }

  @Test
  void familyBinomialRefusesThreeClassesAndBoundsAreRefusedByName() {
    FlexCodeLogisticRegression binomial = new FlexCodeLogisticRegression();
    binomial.setFamily("binomial");
    IllegalArgumentException classes =
        assertThrows(IllegalArgumentException.class, () -> binomial.fit(iris));
    assertTrue(
        classes.getMessage().contains("family binomial takes labels 0 and 1")
            && classes.getMessage().contains("3 classes"),
        classes.getMessage());
    FlexCodeLogisticRegression bounded = new FlexCodeLogisticRegression();
    bounded.setUpperBoundsOnIntercepts(org.apache.spark.ml.linalg.Vectors.dense(1, 1, 1));
    IllegalArgumentException bound =
        assertThrows(IllegalArgumentException.class, () -> bounded.fit(iris));
    assertTrue(bound.getMessage().contains("upperBoundsOnIntercepts"), bound.getMessage());
    FlexCodeLogisticRegression lowered = new FlexCodeLogisticRegression();
    lowered.setLowerBoundsOnCoefficients(Matrices.zeros(3, 4));
    assertThrows(IllegalArgumentException.class, () -> lowered.fit(iris));
    Dataset<Row> half = iris.selectExpr("label / 2 as label", "features");
    IllegalArgumentException labels =
        assertThrows(
            IllegalArgumentException.class, () -> new FlexCodeLogisticRegression().fit(half));
    assertTrue(labels.getMessage().contains("holds 0.5"), labels.getMessage());
  }
}
