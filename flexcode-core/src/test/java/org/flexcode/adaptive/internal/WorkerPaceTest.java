package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.BitSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Workers' own times and the wait floor: three workers of four home chunks (100 records each), two
 * cores each (two chunks at a time, 150 ms a chunk), worker 2 four times slow (600 ms a chunk).
 */
@Tag("unit")
class WorkerPaceTest {

  private static final int[] WORKER_OF = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};

  private static WorkerPace pace() {
    long[] records = new long[WORKER_OF.length];
    Arrays.fill(records, 100);
    return new WorkerPace(WORKER_OF, records, 5, 20);
  }

  /**
   * Waiting for every chunk: worker 2 runs chunks 8 and 9 (600 ms); holders take 10 and 11 first
   * (worker 0 runs 10 then its own four, worker 1 runs 11 then its own): five chunks on two cores.
   */
  private static final double[] BSP_MS = {
    300, 300, 450, 450, // worker 0's own, after chunk 10
    300, 300, 450, 450, // worker 1's own, after chunk 11
    600, 600, 150, 150
  };

  private static final int[] BSP_RAN_BY = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 0, 1};

  @Test
  void aHelperIsTimedAtItsOwnShareOfWorkAndASlowWorkerAtItsRate() {
    WorkerPace pace = pace();
    pace.add(new TaskTimes(BSP_MS, new BitSet(), 0), BSP_RAN_BY);
    WorkerPace.View view = pace.views().get(0);
    // Workers 0 and 1 had done 400 records by their fourth arrival (450 ms: chunk 10 at 150, own
    // at 300, 300, 450); worker 2 did 200 records in 600 ms, so its 400 take 1200.
    assertArrayEquals(new double[] {450, 450, 1200}, view.ownMs(), 1e-9);
    assertEquals(0, view.waitFloorMs(), "an iteration that waited for every chunk has no floor");
  }

  @Test
  void calmAfterThreeFullEvenWaitsNotCountingTheFirstNotAfterAStragglerOrACut() {
    WorkerPace pace = pace();
    double[] even = {300, 300, 450, 450, 300, 300, 450, 450, 300, 300, 450, 450};
    for (int i = 0; i <= WorkerPace.CALM; i++) {
      assertEquals(false, pace.calm(), "after " + i + " even iterations, the first not counted");
      pace.add(new TaskTimes(even, new BitSet(), 0), WORKER_OF);
    }
    assertEquals(true, pace.calm(), "three even iterations after the first");
    pace.add(new TaskTimes(BSP_MS, new BitSet(), 0), BSP_RAN_BY);
    assertEquals(false, pace.calm(), "worker 2 slow");
    for (int i = 1; i < WorkerPace.CALM; i++) {
      pace.add(new TaskTimes(even, new BitSet(), 0), WORKER_OF);
      assertEquals(false, pace.calm(), "the slow iteration is among the last three");
    }
    pace.add(new TaskTimes(even, new BitSet(), 0), WORKER_OF);
    assertEquals(true, pace.calm(), "three even iterations again");
    BitSet cut = new BitSet();
    cut.set(11);
    pace.add(new TaskTimes(even, cut, 0), WORKER_OF);
    assertEquals(false, pace.calm(), "an iteration that left a chunk out");
  }

  @Test
  void anIterationThatLeftChunksOutIsFlooredAtTheLastFullWaitWhileAWorkerIsSlow() {
    WorkerPace pace = pace();
    pace.add(new TaskTimes(BSP_MS, new BitSet(), 0), BSP_RAN_BY);
    // ignore at home: workers 0 and 1 end their own at 300 ms; worker 2's chunks are cut there.
    double[] ms = {150, 150, 300, 300, 150, 150, 300, 300, 300, 300, 300, 300};
    BitSet cut = new BitSet();
    cut.set(8, 12);
    int[] home = WORKER_OF.clone();
    pace.add(new TaskTimes(ms, cut, 0), home);
    WorkerPace.View slow = pace.views().get(1);
    assertEquals(1200, slow.ownMs()[2], 1e-9, "worker 2 unseen: its last own time");
    assertEquals(600, slow.waitFloorMs(), 1e-9, "the last full wait");

    // Recovered, yet its last chunks cut at the end: nobody is slow, no floor.
    double[] even = {150, 150, 300, 300, 150, 150, 300, 300, 150, 150, 300, 300};
    BitSet last = new BitSet();
    last.set(11);
    pace.add(new TaskTimes(even, last, 0), home);
    WorkerPace.View recovered = pace.views().get(2);
    assertEquals(400, recovered.ownMs()[2], 1e-9, "300 records by 300 ms: 400 by 400");
    assertEquals(0, recovered.waitFloorMs());
  }
}
