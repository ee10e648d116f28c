package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.SparkConf;
import org.flexcode.stragglers.StragglerHolds;
import org.flexcode.stragglers.StragglerPlugin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The ALS comparison's application conf: where it runs and which pattern slows its tasks. */
@Tag("unit")
class AlsComparisonConfTest {

  @Test
  void aPatternPutsBothFitsUnderThePluginAndTheEngineKeys() throws Exception {
    SparkConf conf =
        AlsComparison.conf(
            AlsComparison.args(
                "--executors",
                "3",
                "--pattern",
                "slow-worker:p=0.2,max=2",
                "--stragglers-seed",
                "11"));
    assertEquals("local-cluster[3,1,1024]", conf.get("spark.master"));
    assertTrue(conf.contains("spark.executor.extraClassPath"));
    assertEquals(StragglerPlugin.class.getName(), conf.get("spark.plugins"));
    assertEquals("slow-worker:p=0.2,max=2", conf.get(StragglerHolds.PATTERN_KEY));
    assertEquals("11", conf.get(StragglerHolds.SEED_KEY));
  }

  @Test
  void withoutAPatternNothingIsSlowed() throws Exception {
    SparkConf conf = AlsComparison.conf(AlsComparison.args());
    assertEquals("local[2]", conf.get("spark.master"));
    assertFalse(conf.contains("spark.plugins"));
    assertFalse(conf.contains(StragglerHolds.PATTERN_KEY));
  }
}
