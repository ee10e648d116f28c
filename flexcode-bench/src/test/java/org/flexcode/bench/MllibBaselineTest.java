package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.spark.package$;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The MLlib baselines: names, confs, and speculation's defaults read from the running Spark. */
@Tag("unit")
class MllibBaselineTest {

  @Test
  void everyBaselineIsFoundByItsRowName() {
    for (MllibBaseline b : MllibBaseline.values()) {
      assertEquals(b, MllibBaseline.of(b.row()));
    }
    assertNull(MllibBaseline.of("mllib+magic"));
    assertFalse(MllibBaseline.MLLIB.ownApplication());
    assertTrue(MllibBaseline.TUNED.ownApplication() && MllibBaseline.TUNED.overPartitioned());
    assertEquals(Map.of("spark.locality.wait", "0"), MllibBaseline.TUNED.confs());
  }

  @Test
  void speculationRunsAtTheRunningSparkVersionsDefaultsAndTunedOverridesThem() {
    Map<String, String> defaults = MllibBaseline.SPECULATION.effectiveConfs();
    boolean spark4 = package$.MODULE$.SPARK_VERSION().startsWith("4");
    assertEquals(spark4 ? "3.0" : "1.5", defaults.get("spark.speculation.multiplier"));
    assertEquals(spark4 ? "0.9" : "0.75", defaults.get("spark.speculation.quantile"));
    assertEquals("true", defaults.get("spark.speculation"));
    Map<String, String> tuned = MllibBaseline.SPECULATION_TUNED.effectiveConfs();
    assertEquals("1.5", tuned.get("spark.speculation.multiplier"));
    assertEquals("0.75", tuned.get("spark.speculation.quantile"));
    assertEquals("100ms", tuned.get("spark.speculation.minTaskRuntime"));
  }
}
