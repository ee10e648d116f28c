package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * The Estimators take {@code strategy=auto}; with {@code exact=true} every iteration is exact, so
 * it fits what bsp fits.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class AutoEstimatorTest {

  @Test
  void logisticRegressionWithExactAutoMatchesBsp(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4)
            .cache();
    LogisticRegressionModel bsp =
        new FlexCodeLogisticRegression().setStrategy("bsp").setMaxIter(20).fit(agaricus);
    LogisticRegressionModel auto =
        new FlexCodeLogisticRegression()
            .setStrategy("auto:exact=true")
            .setMaxIter(20)
            .fit(agaricus);
    double difference =
        FlexCodeLogisticRegressionTest.relativeDifference(
            auto.coefficients().toArray(), bsp.coefficients().toArray());
    assertTrue(difference <= 1e-9, "auto's coefficients differ from bsp's by " + difference);
    // A bare name takes auto's defaults: inexact allowed, so solver auto picks gradient descent.
    FlexCodeLogisticRegression bare = new FlexCodeLogisticRegression();
    bare.setStrategy("auto");
    assertEquals("auto:exact=false", bare.aggregationStrategy().spec());
    assertTrue(StrategyResolver.gradientDescent(bare, bare.aggregationStrategy()));
    agaricus.unpersist();
  }
}
