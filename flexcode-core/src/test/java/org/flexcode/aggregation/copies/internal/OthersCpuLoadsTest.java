package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Whether {@code steal} sees CPU to spare: by the median executor's report, so one executor that
 * finished last on a busy host (and so saw the others idle) does not make the host look free.
 */
@Tag("unit")
class OthersCpuLoadsTest {

  @Test
  void spareBeforeAnyReport() {
    assertTrue(new OthersCpuLoads(4).mostSpare());
  }

  @Test
  void oneQuietReportOnABusyHostIsNotSpare() {
    OthersCpuLoads loads = new OthersCpuLoads(8);
    for (int e = 0; e < 7; e++) {
      loads.note(e, 1_000, 0.87);
    }
    loads.note(7, 1_200, 0.30);
    assertFalse(loads.mostSpare());
    assertEquals(0.30, loads.of(7), 0.0);
  }

  @Test
  void sleepingComputeLeavesCpuToSpare() {
    OthersCpuLoads loads = new OthersCpuLoads(4);
    double[] reports = {0.45, 0.5, 0.9, 0.2};
    for (int e = 0; e < reports.length; e++) {
      loads.note(e, 1_000, reports[e]);
    }
    assertTrue(loads.mostSpare());
  }

  @Test
  void anOlderReportDoesNotReplaceANewerOne() {
    OthersCpuLoads loads = new OthersCpuLoads(1);
    loads.note(0, 2_000, 0.9);
    loads.note(0, 1_000, 0.1);
    assertFalse(loads.mostSpare());
    assertEquals(0.9, loads.ofOrTypical(0), 0.0);
  }
}
