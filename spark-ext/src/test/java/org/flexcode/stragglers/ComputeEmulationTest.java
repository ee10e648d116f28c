package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The compute mode spec and its conf key. */
@Tag("unit")
class ComputeEmulationTest {

  @Test
  void parsesRealAndEmulatedThroughTheSharedGrammar() {
    assertEquals(ComputeEmulation.real(), ComputeEmulation.parse("real"));
    assertFalse(ComputeEmulation.real().isEmulated());
    ComputeEmulation emulated = ComputeEmulation.parse("emulated:block-ms=250");
    assertTrue(emulated.isEmulated());
    assertEquals(250, emulated.blockMs());
    assertEquals(500, ComputeEmulation.parse(" Emulated ").blockMs(), "default");
    assertEquals("emulated:block-ms=250", emulated.spec());
    ComputeEmulation fixed = ComputeEmulation.parse("emulated:block-ms=10,block-records=64");
    assertEquals(fixed, ComputeEmulation.parse(fixed.spec()));
    assertEquals("real", ComputeEmulation.real().spec());
  }

  @Test
  void sleepsBlockMsPerBlockTimesTheFactor() {
    ComputeEmulation emulated = ComputeEmulation.parse("emulated:block-ms=500");
    assertEquals(500, emulated.sleepMs(1, 1));
    assertEquals(1_500, emulated.sleepMs(3, 1));
    assertEquals(3_000, emulated.sleepMs(2, 3));
    assertEquals(0, ComputeEmulation.real().sleepMs(3, 4));
  }

  @Test
  void readsTheConfKeyAndNamesItInErrors() {
    assertEquals(ComputeEmulation.real(), ComputeEmulation.fromConf(new SparkConf(false)));
    SparkConf conf = new SparkConf(false).set(ComputeEmulation.KEY, "emulated:block-ms=40");
    assertEquals(40, ComputeEmulation.fromConf(conf).blockMs());
    conf.set(ComputeEmulation.KEY, "emulated:block-ms=0");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ComputeEmulation.fromConf(conf));
    assertTrue(
        e.getMessage().startsWith("spark.flexcode.compute: compute mode 'emulated:block-ms=0'"),
        e.getMessage());
    assertTrue(e.getMessage().contains("block-ms must be > 0, got 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ComputeEmulation.parse("fake"));
    assertTrue(e.getMessage().contains("unknown compute mode 'fake'; expected one of real"));
  }

  @Test
  void withoutASessionComputeIsReal() {
    assertEquals(ComputeEmulation.real(), ComputeEmulation.active());
  }
}
