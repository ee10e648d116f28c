package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** CPU utilization from two {@code /proc/stat} readings. */
@Tag("unit")
class CpuTimesTest {

  @Test
  void busyShareIsOneMinusIdleAndIowaitOverTheInterval() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    CpuTimes before = CpuTimes.parse("cpu  100 0 50 800 50 0 0 0 40 0");
    CpuTimes after = CpuTimes.parse("cpu  400 0 150 1300 50 0 0 0 90 0");
    assertEquals(150, before.busy());
    assertEquals(1000, before.total());
    // 400 busy ticks of 900 (guest is inside user already).
    assertEquals(400.0 / 900, CpuTimes.utilization(before, after), 1e-12);
  }

  @Test
  void missingOrEmptyIntervalsGiveNullAndBadLinesAreRejected() {
    CpuTimes t = CpuTimes.parse("cpu 1 2 3 4 5 6 7 8");
    assertNull(CpuTimes.utilization(null, t));
    assertNull(CpuTimes.utilization(t, t));
    assertThrows(IllegalArgumentException.class, () -> CpuTimes.parse("cpu0 1 2 3 4"));
  }

  @Test
  void readsThisMachineWhereProcStatExists() {
    CpuTimes now = CpuTimes.read();
    if (now != null) {
      assertTrue(now.total() > 0 && now.busy() >= 0 && now.busy() <= now.total(), now.toString());
    }
  }
}
