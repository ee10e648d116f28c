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
 * The 5-class ctr workload trained through the multinomial FlexCodeLogisticRegression ({@code
 * --ctr-path estimator}): its exact rows agree, and on the gd path's objective it ends at or below
 * the gd path's bsp row (L-BFGS reaches the optimum that gd approaches).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class CtrEstimatorPathTest {

  @TempDir Path dir;

  /** Final loss per strategy row of a tiny 5-class ctr bench on {@code path}. */
  private Map<String, Double> finalLosses(String path, String strategies) throws Exception {
    Path report = dir.resolve(path + ".json");
    int code =
        BenchSubmit.run(
            new String[] {
              "--workload",
              "ctr",
              "--ctr-path",
              path,
              "--strategies",
              strategies,
              "--iterations",
              "150",
              "--partitions",
              "4",
              "--rows-per-partition",
              "400",
              "--classes",
              "5",
              "--num-features",
              "32",
              "--report",
              report.toString()
            });
    assertEquals(0, code);
    Map<String, Double> losses = new HashMap<>();
    for (JsonNode run : new ObjectMapper().readTree(report.toFile()).get("runs")) {
      losses.put(run.get("strategy").asText(), run.get("final_loss").asDouble());
    }
    return losses;
  }

  @Test
  void theEstimatorPathEndsAtOrBelowTheGdBspRowAndItsExactRowsAgree(JavaSparkContext jsc)
      throws Exception {
    double bsp = finalLosses("gd", "bsp").get("bsp");
    Map<String, Double> estimator = finalLosses("estimator", "bsp,cyclic");
    double difference = (bsp - estimator.get("bsp")) / bsp;
    System.out.printf(
        "ctr final loss: gd path bsp %.8f, estimator path bsp %.8f (relative %.2e)%n",
        bsp, estimator.get("bsp"), difference);
    // The same objective: L-BFGS reaches its optimum, which gd's bsp row (step / sqrt(t), not
    // converged after 150 steps: 0.994 against 0.947 measured) approaches from above.
    assertTrue(
        difference >= -1e-9 && difference <= 0.1,
        "estimator " + estimator.get("bsp") + " vs bsp row " + bsp);
    // Both at the optimum; L-BFGS run on without a stop amplifies summation-order differences
    // (2.5e-6 relative measured).
    assertEquals(estimator.get("bsp"), estimator.get("cyclic"), 1e-5 * bsp, "exact strategies");
  }
}
