package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.flexcode.cli.Args;
import org.flexcode.stragglers.StragglerPattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A baseline's child application inherits the user's confs, not the parent's own identity. */
@Tag("unit")
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

  @Test
  void alsRunsUnderTheStragglerPluginWithTheBenchsPatternAndSeed() {
    StragglerPattern pattern = StragglerPattern.parse("persistent:k=1,factor=4");
    Map<String, String> parent = new LinkedHashMap<>();
    parent.put("spark.plugins", "com.example.OtherPlugin");
    parent.put("spark.executor.memory", "2g");

    Map<String, String> child =
        BaselineApplication.childConfs(parent, MllibBaseline.of("als").confs(pattern, 11));

    assertEquals("org.flexcode.stragglers.StragglerPlugin", child.get("spark.plugins"));
    assertEquals(pattern.spec(), child.get("spark.flexcode.stragglers"));
    assertEquals("11", child.get("spark.flexcode.stragglers.seed"));
    assertEquals("2g", child.get("spark.executor.memory"));
    Map<String, String> speculation = MllibBaseline.of("mllib+speculation").confs(pattern, 11);
    for (String key :
        new String[] {
          "spark.plugins", "spark.flexcode.stragglers", "spark.flexcode.stragglers.seed"
        }) {
      assertFalse(speculation.containsKey(key), "only als takes its stragglers from the plugin");
    }
  }

  @Test
  void anAlsApplicationGetsOnePatternOfTheBenchsOptions() {
    String[] options = {
      "--workload", "mf", "--pattern", "ideal", "--pattern=slow-worker:p=0.2", "--iterations", "5"
    };
    assertArrayEquals(
        new String[] {
          "--workload", "mf", "--iterations", "5", "--pattern", "persistent:k=1,factor=4"
        },
        BaselineApplication.withOnlyPattern(options, "persistent:k=1,factor=4"));
  }

  @Test
  void alsIsMfsBaselineAndRejectedElsewhereWithOneLine() {
    Args args =
        new Args("bench", new String[] {"--strategies", "als,bsp"}, 0, Set.of("strategies"));
    assertEquals(java.util.List.of("als", "bsp"), BenchRows.of(args, "mf"));
    IllegalArgumentException ctr =
        assertThrows(IllegalArgumentException.class, () -> BenchRows.of(args, "ctr"));
    assertEquals(
        "als is Spark's ALS, a baseline of --workload mf only; got --workload ctr",
        ctr.getMessage());
    assertNull(MllibBaseline.of("als").rejection("mf"));
    Args mllib = new Args("bench", new String[] {"--strategies", "mllib"}, 0, Set.of("strategies"));
    IllegalArgumentException mf =
        assertThrows(IllegalArgumentException.class, () -> BenchRows.of(mllib, "mf"));
    assertEquals(
        "--workload mf has no mllib rows (MLlib's ALS is another algorithm, its row is als);"
            + " got 'mllib'",
        mf.getMessage());
  }
}
