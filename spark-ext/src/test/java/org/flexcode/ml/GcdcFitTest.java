package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.FlexCodeSubmit;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code gcdc} through the Estimator and the lr job: an exact strategy, the same fit as bsp. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class GcdcFitTest {

  @TempDir Path dir;

  @Test
  void fitsAgaricusAsBspDoes(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4)
            .cache();
    LogisticRegressionModel bsp = fit(agaricus, "bsp", null);
    Set<String> choices = new ConcurrentSkipListSet<>();
    LogisticRegressionModel gcdc = fit(agaricus, "gcdc:s=1,clusters=2", choices);
    double diff =
        FlexCodeLogisticRegressionTest.relativeDifference(
            gcdc.coefficients().toArray(), bsp.coefficients().toArray());
    assertTrue(diff <= 1e-9, "gcdc's coefficients differ from bsp's by " + diff);
    assertEquals(bsp.intercept(), gcdc.intercept(), 1e-9 * Math.abs(bsp.intercept()));
    assertTrue(choices.stream().anyMatch(c -> c.contains("clusters [[")), "" + choices);
  }

  private static LogisticRegressionModel fit(Dataset<Row> data, String strategy, Set<String> log) {
    FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression().setStrategy(strategy);
    if (log != null) {
      lr.setIterationListener((it, loss, record) -> log.add(record.choice()));
    }
    lr.setNumTasks(4).setMaxIter(30).setRegParam(1e-3);
    return lr.fit(data);
  }

  @Test
  void theLrJobAcceptsTheSpec() throws Exception {
    Path report = dir.resolve("lr.json");
    String train = "" + ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train");
    String[] args = {
      "lr",
      "--train",
      train,
      "--strategy",
      "gcdc:s=1,clusters=2",
      "--iterations",
      "3",
      "--partitions",
      "4",
      "--report",
      "" + report
    };
    assertEquals(0, FlexCodeSubmit.run(args));
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertEquals("gcdc:s=1,clusters=2", json.get("strategy").asText());
    assertTrue(json.get("iterations").size() >= 3);
  }
}
