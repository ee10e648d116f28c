package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The injector in real and emulated compute, with a recording sleeper instead of wall time; without
 * Spark, tasks run as local mode's driver (one virtual executor per partition).
 */
@Tag("unit")
class StragglerInjectorTest {

  private final List<Long> slept = Collections.synchronizedList(new ArrayList<>());

  private StragglerInjector injector(String pattern, String compute) {
    return new StragglerInjector(
            StragglerPattern.parse(pattern), 3, ComputeEmulation.parse(compute))
        .withSleeper(slept::add);
  }

  @Test
  void emulatedComputeSleepsBlockMsPerBlockTimesTheStragglerFactor() {
    StragglerInjector ideal = injector("ideal", "emulated:block-ms=500");
    assertEquals(500, ideal.afterCompute(3, 1, 0, 7, 1.0));
    assertEquals(1_000, ideal.afterCompute(3, 1, 0, 7, 2.0), "a coded task holding s + 1 = 2");
    assertEquals(1_500, ideal.afterCompute(3, 1, 0, 7, 3.0));
    assertEquals(125, ideal.afterCompute(3, 1, 0, 7, 0.25), "a quarter block");
    assertEquals(List.of(500L, 1_000L, 1_500L, 125L), slept);
    StragglerInjector persistent = injector("persistent:k=1,factor=4", "emulated:block-ms=500");
    assertEquals(4_000, persistent.afterCompute(0, 1, 0, 7, 2.0), "virtual executor 0");
    assertEquals(1_000, persistent.afterCompute(1, 1, 0, 7, 2.0), "virtual executor 1");
  }

  @Test
  void aWrappedPartitionSleepsInProportionToItsRecords() {
    StragglerInjector injector = injector("ideal", "emulated:block-ms=100,block-records=10");
    for (int records : new int[] {10, 25, 40, 0}) {
      Iterator<Integer> it = injector.holdingBack(1, IntStream.range(0, records).iterator());
      while (it.hasNext()) {
        it.next();
      }
    }
    assertEquals(List.of(100L, 250L, 400L), slept, "100 ms per 10 records, none for 0");
  }

  @Test
  void realComputeHoldsBackFactorMinusOneTimesTheComputeTime() {
    StragglerInjector injector = injector("persistent:k=1,factor=3", "real");
    assertEquals(200, injector.afterCompute(0, 1, 0, 100, 4.0), "blocks do not matter");
    assertEquals(0, injector.afterCompute(1, 1, 0, 100));
    assertEquals(List.of(200L), slept);
  }

  @Test
  void localModeDoesNotSlowEveryTaskUnderPersistent() {
    StragglerInjector injector = injector("persistent:k=1,factor=4", "real");
    long delayed = 0;
    for (int iteration = 1; iteration <= 5; iteration++) {
      for (int partition = 0; partition < 8; partition++) {
        delayed += injector.afterCompute(partition, iteration, 0, 100) > 0 ? 1 : 0;
      }
    }
    assertEquals(5, delayed, "only partition 0, the virtual executor 0, in each iteration");
  }

  @Test
  void workerLevelPatternsDelayEveryPartitionOfAnExecutorAlike() {
    TaskSlot first = new TaskSlot("2", 0, 4, 0);
    StragglerInjector injector = injector("slow-worker:p=0.5,max=2", "emulated:block-ms=100");
    for (int partition = 0; partition < 10; partition++) {
      TaskSlot slot = new TaskSlot("2", partition, 4, partition % 2);
      assertEquals(injector.plannedMs(first, 0, 1.0), injector.plannedMs(slot, 0, 1.0));
    }
  }

  @Test
  void aKilledTaskStopsSleepingAndKeepsItsInterrupt() throws Exception {
    StragglerInjector injector =
        new StragglerInjector(
            StragglerPattern.ideal(), 1, ComputeEmulation.parse("emulated:block-ms=60000"));
    Thread task = new Thread(() -> injector.afterCompute(0, 1, 0, 0, 1.0));
    long start = System.nanoTime();
    task.start();
    Thread.sleep(50); // lets the task enter its delay; an earlier interrupt ends it as well
    task.interrupt();
    task.join(10_000);
    assertTrue((System.nanoTime() - start) / 1_000_000 < 10_000, "freed at once");
  }

  @Test
  void wrapNeedsABlockSizeInEmulatedCompute() {
    StragglerInjector injector = injector("ideal", "emulated:block-ms=100");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> injector.wrap(null, 0));
    assertTrue(e.getMessage().contains("block's records > 0, got 0"), e.getMessage());
  }
}
