package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Estimators take {@code strategy=flexrr}: with staleness 0 it is exact and fits what bsp fits;
 * with staleness 1 it trains with gradient descent on results at most one iteration old.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexrrEstimatorTest {

  @Test
  void stalenessZeroFitsWhatBspFitsAndStalenessOneAppliesNothingOlder(
      JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4)
            .cache();
    LogisticRegressionModel bsp =
        new FlexCodeLogisticRegression().setStrategy("bsp").setMaxIter(20).fit(agaricus);
    LogisticRegressionModel exact =
        new FlexCodeLogisticRegression()
            .setStrategy("flexrr:staleness=0")
            .setMaxIter(20)
            .fit(agaricus);
    double difference =
        FlexCodeLogisticRegressionTest.relativeDifference(
            exact.coefficients().toArray(), bsp.coefficients().toArray());
    assertTrue(difference <= 1e-6, "flexrr:staleness=0 differs from bsp by " + difference);

    FlexCodeLogisticRegression stale = new FlexCodeLogisticRegression().setStrategy("flexrr");
    stale.setMaxIter(10);
    stale.fit(agaricus);
    List<IterationRecord> records = stale.lastTrainingReport();
    assertTrue(
        records.stream().anyMatch(r -> !r.staleResults().isEmpty()),
        "a chunk was applied an iteration late");
    for (IterationRecord record : records) {
      assertTrue(
          record.staleResults().values().stream().allMatch(age -> age == 1), record.toString());
    }
    agaricus.unpersist();
  }
}
