package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 5-class ctr workload on {@code --ctr-path estimator}: the mllib row fits Spark's own
 * multinomial LogisticRegression, the FlexCode rows FlexCodeLogisticRegression with the same
 * settings, and their final losses (each fit's objectiveHistory) agree to 1e-9 relative.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class CtrEstimatorPathTest {

  @TempDir Path dir;

  /** The report's rows of a tiny 5-class ctr bench on the estimator path, by strategy. */
  private Map<String, JsonNode> rows(String strategies) throws Exception {
    Path report = dir.resolve("estimator.json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--workload",
              "ctr",
              "--ctr-path",
              "estimator",
              "--strategies",
              strategies,
              "--iterations",
              "30",
              "--partitions",
              "4",
              "--rows-per-partition",
              "100",
              "--classes",
              "5",
              "--num-features",
              "32",
              "--warm-up-jobs",
              BenchJobTest.WARM_UP_JOBS,
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    Map<String, JsonNode> rows = new HashMap<>();
    for (JsonNode run : new ObjectMapper().readTree(report.toFile()).get("runs")) {
      rows.put(run.get("strategy").asText(), run);
    }
    return rows;
  }

  @Test
  void sparksOwnFitAndEveryExactStrategyEndAtTheSameLoss(JavaSparkContext jsc) throws Exception {
    Map<String, JsonNode> rows = rows("mllib,bsp,frc,cyclic");
    double mllib = rows.get("mllib").get("final_loss").asDouble();
    for (String s : new String[] {"mllib", "bsp", "frc", "cyclic"}) {
      JsonNode row = rows.get(s);
      System.out.printf(
          "ctr estimator path %-7s final loss %.12f (relative to mllib %.2e), %d loss entries,"
              + " %d evaluations%n",
          s,
          row.get("final_loss").asDouble(),
          (row.get("final_loss").asDouble() - mllib) / mllib,
          row.get("loss").size(),
          row.get("iteration_ms").size());
    }
    // The same objective, settings and L-BFGS: the rows differ only in summation order (Spark's
    // treeAggregate, the engine's coded sums), which 30 L-BFGS iterations amplify from 1e-16 to at
    // most 2e-13 relative here (measured over two runs); 1e-9 leaves a wide margin.
    for (String s : new String[] {"bsp", "frc", "cyclic"}) {
      assertEquals(mllib, rows.get(s).get("final_loss").asDouble(), 1e-9 * mllib, s);
    }
    // The same L-BFGS path: bsp makes exactly Spark's loss+gradient evaluations.
    assertEquals(
        rows.get("mllib").get("iteration_ms").size(),
        rows.get("bsp").get("iteration_ms").size(),
        "evaluations");
    assertTrue(mllib < rows.get("mllib").get("loss").get(0).asDouble(), "the fit made progress");
  }
}
