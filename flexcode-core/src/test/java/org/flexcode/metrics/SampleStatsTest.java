package org.flexcode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SampleStatsTest {

  @Test
  void percentilesAreNearestRankAndNullForAnEmptySample() {
    double[] ms = {40, 10, 30, 20};
    assertEquals(20.0, SampleStats.percentile(ms, 0.50));
    assertEquals(40.0, SampleStats.percentile(ms, 0.95));
    assertEquals(10.0, SampleStats.percentile(ms, 0.0));
    assertNull(SampleStats.percentile(new double[0], 0.5));
    assertEquals(40.0, ms[0], "the sample is not sorted in place");
  }

  @Test
  void theMeanOfAnEmptyOrMissingSampleIsNaN() {
    assertEquals(2.5, SampleStats.mean(new double[] {1, 2, 3, 4}));
    assertTrue(Double.isNaN(SampleStats.mean(new double[0])));
    assertTrue(Double.isNaN(SampleStats.mean(null)));
  }

  @Test
  void theMedianIsTheMiddleValueOrTheMeanOfTheMiddleTwo() {
    double[] odd = {5, 1, 3};
    assertEquals(3.0, SampleStats.median(odd));
    assertEquals(5.0, odd[0], "the sample is not sorted in place");
    assertEquals(2.5, SampleStats.median(new double[] {4, 1, 3, 2}));
    assertTrue(Double.isNaN(SampleStats.median(new double[0])));
  }
}
