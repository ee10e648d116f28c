package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A baseline's child application inherits the user's confs, not the parent's own identity. */
class BaselineApplicationConfsTest {

  @Test
  void userConfsReachTheChildAndTheRowsOwnWin() {
    Map<String, String> parent = new LinkedHashMap<>();
    parent.put("spark.executor.extraJavaOptions", "-XX:TieredStopAtLevel=1");
    parent.put("spark.executor.memory", "2g");
    parent.put("spark.locality.wait", "3s");
    parent.put("spark.master", "spark://elsewhere:7077");
    parent.put("spark.app.name", "FlexCode bench");
    parent.put("spark.app.submitTime", "1");
    parent.put("spark.submit.deployMode", "client");
    parent.put("spark.driver.port", "40000");
    parent.put("spark.jars", "file:/bench.jar");
    parent.put("not.spark.key", "x");

    Map<String, String> child =
        BaselineApplication.childConfs(parent, MllibBaseline.of("mllib-tuned").confs());

    assertEquals("-XX:TieredStopAtLevel=1", child.get("spark.executor.extraJavaOptions"));
    assertEquals("2g", child.get("spark.executor.memory"));
    assertEquals("0", child.get("spark.locality.wait"), "the tuned row's own conf wins");
    for (String key :
        new String[] {
          "spark.master",
          "spark.app.name",
          "spark.app.submitTime",
          "spark.submit.deployMode",
          "spark.driver.port",
          "spark.jars",
          "not.spark.key"
        }) {
      assertFalse(child.containsKey(key), key + " must not be inherited");
    }
  }
}
