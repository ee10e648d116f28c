package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The Estimators take {@code strategy=steal}; it is exact, so it fits what bsp fits. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class StealEstimatorTest {

  @Test
  void logisticRegressionWithStealMatchesBsp(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4)
            .cache();
    LogisticRegressionModel bsp =
        new FlexCodeLogisticRegression().setStrategy("bsp").setMaxIter(20).fit(agaricus);
    LogisticRegressionModel steal =
        new FlexCodeLogisticRegression().setStrategy("steal").setMaxIter(20).fit(agaricus);
    double difference =
        FlexCodeLogisticRegressionTest.relativeDifference(
            steal.coefficients().toArray(), bsp.coefficients().toArray());
    assertTrue(difference <= 1e-6, "steal's coefficients differ from bsp's by " + difference);
    // Gradient descent scales by the record count, which steal must count once, not r times.
    LogisticRegressionModel bspGd =
        new FlexCodeLogisticRegression()
            .setStrategy("bsp")
            .setSolver("gd")
            .setMaxIter(10)
            .fit(agaricus);
    LogisticRegressionModel stealGd =
        new FlexCodeLogisticRegression()
            .setStrategy("steal")
            .setSolver("gd")
            .setMaxIter(10)
            .fit(agaricus);
    double gd =
        FlexCodeLogisticRegressionTest.relativeDifference(
            stealGd.coefficients().toArray(), bspGd.coefficients().toArray());
    assertTrue(gd <= 1e-6, "with gd, steal's coefficients differ from bsp's by " + gd);
    agaricus.unpersist();
  }
}
