package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * entry point; the solver choice and the trainer receive that strategy. A strategy the params
 * cannot make is reported in one line naming them.
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

  @Test
  void aBadStrategyIsReportedInOneLineNamingTheParams() {
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression().setStrategy("hybrid").setShadowLate(0.5);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, lr::aggregationStrategy);
    String message = e.getMessage();
    assertTrue(message.startsWith("strategy = 'hybrid' with "), message);
    assertTrue(message.contains("shadowLate = 0.5") && message.contains("late"), message);
    assertFalse(message.contains("\n"), message);
  }
}
