package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.engine.TaskLaunchListener;
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
    return lateCopies(PLAN, new String[] {"0", "1", "2"}, new int[] {0, 2}, load);
  }

  /**
   * The copies {@code plan}'s launches place when tasks {@code slow} have run a second on their
   * home executors and every other home copy finished in 60 ms, each reporting {@code load}: for
   * three executors the fast ones ran on executor 2 (task 3 on 0), for one on it.
   */
  private static List<List<Integer>> lateCopies(
      StealPlan plan, String[] executorIds, int[] slow, double load) {
    TaskLaunchListener listener = new TaskLaunchListener("test");
    RecordingPlacement placement = new RecordingPlacement();
    StealLaunches launches =
        new StealLaunches(
            plan,
            new CopiesSpec(plan.copies(), plan.chunksPerBlock(), 1.5, StealHome.CHUNKS, false),
            listener,
            executorIds,
            placement,
            LaunchContext.wallClock());
    long now = System.currentTimeMillis();
    BitSet fast = plan.homeTasks();
    for (int task : slow) {
      listener.launched(0, task, 1, now - 1_000, executorIds[plan.executorOf(task)]);
      fast.clear(task);
    }
    Arrivals arrivals = new Arrivals();
    for (int task = fast.nextSetBit(0); task >= 0; task = fast.nextSetBit(task + 1)) {
      String executor = executorIds[executorIds.length == 1 ? 0 : task == 3 ? 0 : 2];
      listener.launched(0, task, 1, now - 60, executor);
      arrivals.record(result(0, task, executor, now - 60, now, load));
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
  void withOneExecutorALateChunksCopyTakesAnotherCoreWhateverTheLoad() {
    StealPlan local = new StealPlan(2, 2, 2, 1); // chunk 0's copy is task 4, on the one executor
    assertEquals(
        List.of(List.of(4, 0)), lateCopies(local, new String[] {"driver"}, new int[] {0}, 0.97));
  }

  @Test
  void onABusyHostALateChunkWaitsForAnIdleHolder() {
    // executor 1 has not reported: it is taken to be as busy as the others' reports say
    assertEquals(List.of(List.of(8, 2)), lateCopies(0.97));
  }

  @Test
  void aLateChunkIsCopiedByTheLaunchesClockOnceItHasRunOverLateTimesTheMedian() {
    long[] now = {10_000};
    TaskLaunchListener listener = new TaskLaunchListener("test");
    RecordingPlacement placement = new RecordingPlacement();
    StealLaunches launches = launchesOnClock(listener, placement, now);
    Arrivals arrivals = new Arrivals(() -> now[0]);
    for (int task = 0; task < PLAN.numChunks(); task++) {
      listener.launched(0, task, 1, now[0], Integer.toString(PLAN.executorOf(task)));
    }
    now[0] = 10_200; // chunks 1-5 in after 200 ms: copies due after 1.5 x 200 = 300 ms
    for (int task = 1; task < PLAN.numChunks(); task++) {
      arrivals.record(
          result(0, task, Integer.toString(PLAN.executorOf(task)), 10_000, now[0], 0.0));
    }
    assertEquals(10_301, launches.nextDueMs(0, arrivals), "the first ms over 300 ms run");
    now[0] = 10_300;
    assertNull(launches.due(0, arrivals), "300 ms run is not over 300 ms");
    now[0] = 10_301;
    BitSet copy = new BitSet();
    copy.set(6); // chunk 0's copy, cached on executor 1, idle since its chunks 2 and 3 are in
    assertEquals(copy, launches.due(0, arrivals).tasks());
    assertEquals(List.of(List.of(6, 1)), placement.placed);
    assertEquals(Long.MAX_VALUE, launches.nextDueMs(0, arrivals), "no chunk runs alone");
  }

  /**
   * Iteration 1's record when chunk 1's home copy (task 1, planned on executor 0) was launched in
   * iteration 0 and Spark ran it on executor 2, and chunk 0 came from its copy (task 6) on executor
   * 1: only the copy is a move.
   */
  @Test
  void aHomeCopyLaunchedInAnEarlierIterationIsNoMoveWhereverItRan() {
    TaskLaunchListener listener = new TaskLaunchListener("test");
    String[] executorIds = {"0", "1", "2"};
    StealLaunches launches =
        new StealLaunches(
            PLAN,
            new CopiesSpec(2, 2, 1.5, StealHome.CHUNKS, false),
            listener,
            executorIds,
            new RecordingPlacement(),
            LaunchContext.wallClock());
    long now = System.currentTimeMillis();
    listener.launched(0, 1, 1, now - 900, "2");
    Arrivals arrivals = new Arrivals();
    BitSet used = new BitSet();
    for (int task : new int[] {6, 1, 2, 3, 4, 5}) {
      String executor = task == 1 ? "2" : task == 6 ? "1" : executorIds[PLAN.executorOf(task)];
      if (task != 1) {
        listener.launched(1, task, 1, now - 100, executor);
      }
      arrivals.record(result(1, task, executor, now - 100, now, 0.1));
      used.set(task);
    }
    StealRecord record =
        launches.report(1, arrivals, new Decision(new double[12], used, 0, true), now);
    assertEquals(
        List.of(new StealRecord.Move(0, 0, "0", 6, "1", false)),
        record.moves(),
        "chunk 0 moved to its copy; chunk 1's home copy is no move");
  }

  /**
   * The copies due at 10,410 ms when chunks 1 to 5 started at 10,000 ms and chunk 1 (on executor 0)
   * took {@code chunk1Ms} while the others took 200 ms, and chunk 0's home copy started on executor
   * 0 10 ms ago; null if none.
   */
  private static BitSet racedCopies(long chunk1Ms) {
    long[] now = {10_000};
    TaskLaunchListener listener = new TaskLaunchListener("test");
    StealLaunches launches = launchesOnClock(listener, new RecordingPlacement(), now);
    Arrivals arrivals = new Arrivals(() -> now[0]);
    for (int task = 1; task < PLAN.numChunks(); task++) {
      String executor = Integer.toString(PLAN.executorOf(task));
      long took = task == 1 ? chunk1Ms : 200;
      listener.launched(0, task, 1, 10_000, executor);
      now[0] = 10_000 + took;
      arrivals.record(result(0, task, executor, 10_000, now[0], 0.0));
    }
    listener.launched(0, 0, 1, 10_400, "0");
    now[0] = 10_410;
    LateLaunchPolicy.Launch launch = launches.due(0, arrivals);
    return launch == null ? null : launch.tasks();
  }

  @Test
  void aChunkJustStartedOnAnExecutorWhoseCopiesTakeTwiceTheMedianIsCopiedOnAnIdleHolder() {
    BitSet copy = new BitSet();
    copy.set(6); // chunk 0's copy, on idle executor 1: 10 + 200 ms < executor 0's 400 ms
    assertEquals(copy, racedCopies(400));
  }

  @Test
  void aChunkRunningWhereCopiesTakeTheMedianGetsNoCopyBeforeLateTimesTheMedian() {
    assertNull(racedCopies(200), "executor 0's chunk is expected in 190 ms, a copy in 200 ms");
  }

  /**
   * Iteration {@code it}'s result of task {@code task}, computed on {@code executor} from {@code
   * startMs} to {@code finishMs}, other processes keeping its host {@code load} busy.
   */
  private static PartialResult result(
      int it, int task, String executor, long startMs, long finishMs, double load) {
    return new PartialResult(
        it,
        task,
        0,
        executor,
        startMs,
        finishMs,
        0,
        PackedVector.pack(new double[] {1}),
        null,
        load,
        1);
  }

  /** {@code PLAN}'s launches (late 1.5, chunk tasks) on the clock {@code now[0]}. */
  private static StealLaunches launchesOnClock(
      TaskLaunchListener listener, RecordingPlacement placement, long[] now) {
    return new StealLaunches(
        PLAN,
        new CopiesSpec(2, 2, 1.5, StealHome.CHUNKS, false),
        listener,
        new String[] {"0", "1", "2"},
        placement,
        LaunchContext.simulated(() -> now[0]));
  }
}
