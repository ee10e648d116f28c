package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.BitSet;
import java.util.Set;
import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.engine.TaskLaunchListener;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Chunks {@code steal}'s launches hold: three executors, three blocks of two chunks, two copies
 * each (chunk c's copies are tasks c and c + 6). Every chunk but chunk 0 ran its home copy in 60
 * ms; chunk 0's home copy has not started, and its other holder is idle.
 */
@Tag("unit")
class StealLaunchesHoldTest {

  private static final StealPlan PLAN = new StealPlan(3, 2, 2, 3);
  private static final String[] EXECUTORS = {"0", "1", "2"};

  private static final CopyPlacement NOWHERE =
      new CopyPlacement() {
        @Override
        public void place(int task, int executor) {}

        @Override
        public void clear() {}

        @Override
        public void avoid(Set<Integer> executors) {}

        @Override
        public void keepHome(boolean home) {}
      };

  /** The first job and what is launched after the other chunks arrived, holding {@code held}. */
  private static LateLaunchPolicy.Launch launchedHolding(BitSet held, BitSet firstJob) {
    TaskLaunchListener listener = new TaskLaunchListener("test");
    StealLaunches launches =
        new StealLaunches(
            PLAN,
            new CopiesSpec(PLAN.copies(), PLAN.chunksPerBlock(), 1.5, StealHome.CHUNKS, false),
            listener,
            EXECUTORS,
            NOWHERE,
            LaunchContext.wallClock());
    launches.hold(held);
    firstJob.or(launches.firstJob());
    long now = System.currentTimeMillis();
    Arrivals arrivals = new Arrivals();
    for (int task = 1; task < PLAN.numChunks(); task++) {
      String executor = EXECUTORS[PLAN.executorOf(task)];
      listener.launched(0, task, 1, now - 60, executor);
      arrivals.record(
          new PartialResult(
              0,
              task,
              0,
              executor,
              now - 60,
              now,
              0,
              PackedVector.pack(new double[] {1}),
              null,
              0.1,
              1));
    }
    return launches.due(0, arrivals);
  }

  @Test
  void anIdleHolderTakesAPendingChunkUnlessItIsHeld() {
    BitSet firstJob = new BitSet();
    LateLaunchPolicy.Launch moved = launchedHolding(new BitSet(), firstJob);
    assertEquals(PLAN.homeTasks(), firstJob);
    BitSet copyOfChunk0 = new BitSet();
    copyOfChunk0.set(6);
    assertEquals(copyOfChunk0, moved.tasks(), "chunk 0's other holder takes it");

    BitSet held = new BitSet();
    held.set(0);
    BitSet heldFirstJob = new BitSet();
    assertNull(launchedHolding(held, heldFirstJob), "a held chunk is not moved");
    assertFalse(heldFirstJob.get(0), "nor run");
    assertEquals(PLAN.numChunks() - 1, heldFirstJob.cardinality());
  }
}
