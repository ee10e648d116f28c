package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.flexcode.adaptive.StealHome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code steal}'s late copies, driven without Spark: three executors, three blocks of two chunks,
 * two copies each (chunk c's copies are tasks c and c + 6). Chunk 0 (held by executors 0 and 1) and
 * chunk 2 (held by 1 and 2) have run a second on executors 0 and 1; the other chunks finished in 60
 * ms, so both are late and only executor 2 is idle.
 */
@Tag("unit")
class StealLaunchesTest {

  private static final StealPlan PLAN = new StealPlan(3, 2, 2, 3);

  /** The copies placed, as (task, planned executor) pairs. */
  private static final class RecordingPlacement implements CopyPlacement {
    final List<List<Integer>> placed = new ArrayList<>();

    @Override
    public void place(int task, int executor) {
      placed.add(List.of(task, executor));
    }

    @Override
    public void clear() {
      placed.clear();
    }

    @Override
    public void avoid(Set<Integer> executors) {}

    @Override
    public void keepHome(boolean home) {}
  }

  /** The copies launched when every report says other processes keep the host {@code load} busy. */
  private static List<List<Integer>> lateCopies(double load) {
    TaskLaunchListener listener = new TaskLaunchListener("test");
    RecordingPlacement placement = new RecordingPlacement();
    StealLaunches launches =
        new StealLaunches(
            PLAN, 1.5, listener, new String[] {"0", "1", "2"}, placement, StealHome.CHUNKS);
    long now = System.currentTimeMillis();
    listener.launched(0, 0, 1, now - 1_000, "0");
    listener.launched(0, 2, 1, now - 1_000, "1");
    Arrivals arrivals = new Arrivals();
    for (int task : new int[] {1, 3, 4, 5}) {
      String executor = task == 3 ? "0" : "2";
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
              load));
    }
    LateLaunchPolicy.Launch launch = launches.due(0, arrivals);
    BitSet expectedTasks = new BitSet();
    placement.placed.forEach(p -> expectedTasks.set(p.get(0)));
    assertEquals(expectedTasks, launch.tasks(), "launched and placed");
    return placement.placed;
  }

  @Test
  void aLateChunkWhoseOtherHolderIsComputingGetsACopyThereWhenItsHostHasCpuToSpare() {
    assertEquals(List.of(List.of(6, 1), List.of(8, 2)), lateCopies(0.3));
  }

  @Test
  void onABusyHostALateChunkWaitsForAnIdleHolder() {
    // executor 1 has not reported: it is taken to be as busy as the others' reports say
    assertEquals(List.of(List.of(8, 2)), lateCopies(0.97));
  }
}
