package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The data plane's cost terms: their closed forms and how they move with n, M, d and the rates. */
@Tag("unit")
class DataPlaneTest {

  private static final DataPlane PLANE = new DataPlane(1e9, 1e9, 10, 1e9, 1e9);

  @Test
  void driverPathIsBytesOverBandwidthPlusEntriesOverMergeRate() {
    int n = 64;
    int d = 1 << 16;
    double expected = 1000.0 * n * d * 8 / 1e9 + 1000.0 * n * d / 1e9;
    assertEquals(expected, PLANE.driverPathMs(n, d), 1e-9);
  }

  @Test
  void driverPathGrowsWithTasksAndDimensionAndShrinksWithFasterRates() {
    int d = 1 << 16;
    assertTrue(PLANE.driverPathMs(128, d) > PLANE.driverPathMs(64, d));
    assertTrue(PLANE.driverPathMs(64, 2 * d) > PLANE.driverPathMs(64, d));
    DataPlane fasterLink = new DataPlane(2e9, 1e9, 10, 1e9, 1e9);
    DataPlane fasterMerge = new DataPlane(1e9, 2e9, 10, 1e9, 1e9);
    assertTrue(fasterLink.driverPathMs(64, d) < PLANE.driverPathMs(64, d));
    assertTrue(fasterMerge.driverPathMs(64, d) < PLANE.driverPathMs(64, d));
  }

  @Test
  void executorPathOnOneExecutorIsTheCombineJobItsAddsAndOneVector() {
    int n = 16;
    int d = 1 << 16;
    double expected = 10 + 1000.0 * n * d / 1e9 + 1000.0 * d * 8 / 1e9 + 1000.0 * d / 1e9;
    assertEquals(expected, PLANE.executorPathMs(n, 1, d), 1e-9);
    DataPlane slowerJob = new DataPlane(1e9, 1e9, 30, 1e9, 1e9);
    assertEquals(20, slowerJob.executorPathMs(n, 1, d) - PLANE.executorPathMs(n, 1, d), 1e-9);
  }

  @Test
  void executorPathBeatsTheDriverPathOnceTasksOutnumberExecutors() {
    int d = 1 << 20;
    for (int m : new int[] {10, 100, 1000}) {
      int n = 16 * m;
      assertTrue(PLANE.executorPathMs(n, m, d) < PLANE.driverPathMs(n, d), "M = " + m);
    }
    // with one task per executor there is nothing to combine: the combine job only adds
    assertTrue(PLANE.executorPathMs(4, 4, d) > PLANE.driverPathMs(4, d));
  }

  @Test
  void theTreeSendsTheDriverAboutTheSquareRootOfItsPartitions() {
    assertEquals(1, DataPlane.partitionsAtDriver(1));
    assertEquals(4, DataPlane.partitionsAtDriver(4));
    assertEquals(4, DataPlane.partitionsAtDriver(16));
    assertEquals(8, DataPlane.partitionsAtDriver(64));
    assertEquals(31, DataPlane.partitionsAtDriver(1000));
    assertEquals(100, DataPlane.partitionsAtDriver(10_000));
    assertEquals(400, DataPlane.partitionsAtDriver(160_000));
  }

  @Test
  void treeAggregateGrowsWithTasksAndDimensionAndShrinksWithAFasterLink() {
    int d = 1 << 20;
    assertTrue(PLANE.treeAggregateMs(16_000, 1000, d) < PLANE.treeAggregateMs(160_000, 1000, d));
    assertTrue(PLANE.treeAggregateMs(16_000, 1000, d) < PLANE.treeAggregateMs(16_000, 1000, 2 * d));
    DataPlane fasterLink = new DataPlane(1e9, 1e9, 10, 4e9, 1e9);
    assertTrue(
        fasterLink.treeAggregateMs(16_000, 1000, d) < PLANE.treeAggregateMs(16_000, 1000, d));
    // no shuffle level below the tree's threshold: the driver receives every vector
    assertEquals(PLANE.driverPathMs(4, d), PLANE.treeAggregateMs(4, 4, d), 1e-9);
    // a shuffle level costs more than the driver's share alone
    double driverShare = PLANE.driverPathMs(DataPlane.partitionsAtDriver(16_000), d);
    assertTrue(PLANE.treeAggregateMs(16_000, 1000, d) > driverShare);
  }

  @Test
  void capsOnlyLowerTheRates() {
    DataPlane capped = PLANE.cappedBy(5e8, 2e9);
    assertEquals(5e8, capped.driverBytesPerSecond());
    assertEquals(1e9, capped.executorLinkBytesPerSecond());
    assertEquals(PLANE.driverEntriesPerSecond(), capped.driverEntriesPerSecond());
  }

  @Test
  void rejectsRatesThatAreNotPositive() {
    assertThrows(IllegalArgumentException.class, () -> new DataPlane(0, 1, 0, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new DataPlane(1, 1, -1, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> PLANE.driverPathMs(0, 1));
  }
}
