package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.TaskLaunches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two blocks of two chunks, two copies each on two executors: task t is copy t / 4 of chunk t mod
 * 4. The folded state must equal a rescan of every arrival after each new one.
 */
@Tag("unit")
class FinishedCopiesTest {

  private final StealPlan plan = new StealPlan(2, 2, 2, 2);
  private final Launches launches = new Launches();
  private final AtomicLong clock = new AtomicLong(1_000);

  @Test
  void foldsEachArrivalOnceAndAgreesWithARescan() {
    FinishedCopies finished = new FinishedCopies(plan, launches);
    Arrivals arrivals = new Arrivals(clock::get);
    int[][] arrivalsAt = {{6, 1_150}, {0, 1_200}, {2, 1_260}, {4, 1_300}, {7, 1_420}};
    for (int[] arrival : arrivalsAt) {
      launches.launch(arrival[0], 1_000 + 10 * arrival[0], "exec-" + plan.executorOf(arrival[0]));
      clock.set(arrival[1]);
      arrivals.record(result(arrival[0]));
      finished.update(0, arrivals, plan::executorOf);
      assertEquals(rescanChunks(arrivals), finished.doneChunks(arrivals));
      assertEquals(sorted(rescanDurations(arrivals)), sorted(finished.durations()));
    }
    assertEquals(bits(0, 2, 3), finished.doneChunks(arrivals), "chunk 1 has no finished copy");
    int executorsTimed = finished.byExecutor().values().stream().mapToInt(List::size).sum();
    assertEquals(arrivalsAt.length, executorsTimed, "each timed copy under one executor");
  }

  @Test
  void aCopyWhoseLaunchIsNotYetKnownIsTimedOnceItIs() {
    FinishedCopies finished = new FinishedCopies(plan, launches);
    Arrivals arrivals = new Arrivals(clock::get);
    clock.set(1_500);
    arrivals.record(result(5));
    finished.update(0, arrivals, plan::executorOf);
    assertEquals(bits(1), finished.doneChunks(arrivals), "done whether or not it is timed");
    assertTrue(finished.durations().isEmpty(), "no launch seen yet: not timed");
    launches.launch(5, 1_100, "exec-1");
    finished.update(0, arrivals, plan::executorOf);
    assertEquals(List.of(400L), finished.durations());
    assertEquals(Map.of(plan.executorOf(5), List.of(400L)), finished.byExecutor());
  }

  @Test
  void anotherIterationsArrivalsStartAfreshAndCallersGetACopy() {
    FinishedCopies finished = new FinishedCopies(plan, launches);
    Arrivals first = new Arrivals(clock::get);
    launches.launch(3, 900, "exec-1");
    first.record(result(3));
    finished.doneChunks(first).set(0); // the caller's copy, not the state
    assertEquals(bits(3), finished.doneChunks(first));
    Arrivals next = new Arrivals(clock::get);
    finished.update(1, next, plan::executorOf);
    assertEquals(new BitSet(), finished.doneChunks(next));
    assertTrue(finished.durations().isEmpty());
  }

  private BitSet rescanChunks(Arrivals arrivals) {
    BitSet done = new BitSet();
    arrivals.finished().stream().forEach(t -> done.set(plan.chunkOf(t)));
    return done;
  }

  private List<Long> rescanDurations(Arrivals arrivals) {
    List<Long> durations = new ArrayList<>();
    arrivals.finished().stream()
        .filter(t -> launches.launchTime(0, t) > 0)
        .forEach(t -> durations.add(arrivals.arrivedMs(t) - launches.launchTime(0, t)));
    return durations;
  }

  private static List<Long> sorted(List<Long> values) {
    return values.stream().sorted().toList();
  }

  private static PartialResult result(int task) {
    return new PartialResult(
        0, task, 0, "exec-0", 0, 0, 0, PackedVector.pack(new double[] {1}), null, Double.NaN, 1);
  }

  private static BitSet bits(int... indexes) {
    BitSet bits = new BitSet();
    for (int i : indexes) {
      bits.set(i);
    }
    return bits;
  }

  /** Launches as the listener reports them, all in iteration 0. */
  private static final class Launches implements TaskLaunches {
    private final Map<Integer, Long> times = new HashMap<>();
    private final Map<Integer, String> executors = new HashMap<>();

    void launch(int task, long atMs, String executor) {
      times.put(task, atMs);
      executors.put(task, executor);
    }

    @Override
    public long launchTime(int iteration, int task) {
      return times.getOrDefault(task, -1L);
    }

    @Override
    public String launchExecutor(int iteration, int task) {
      return executors.get(task);
    }
  }
}
