package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.StrategyTestHooks;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One Estimator fit turns its strategy params into a strategy exactly once, through core's one
 * entry point; the solver choice and the trainer receive that strategy.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class StrategyResolvedOnceTest {

  @AfterEach
  void clearTestHooks() {
    StrategyTestHooks.clear();
  }

  @Test
  void aFitResolvesItsStrategyOnce(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4);
    for (String strategy : List.of("hybrid", "ignore", "cyclic:s=1")) {
      FlexCodeLogisticRegression lr =
          new FlexCodeLogisticRegression().setStrategy(strategy).setNumTasks(4);
      lr.setMaxIter(3);
      List<String> resolved = Collections.synchronizedList(new ArrayList<>());
      StrategyTestHooks.watchResolutions(resolved::add);
      lr.fit(agaricus);
      StrategyTestHooks.clear();
      assertEquals(List.of(strategy), resolved, strategy + ": one resolution per fit");
    }
  }
}
