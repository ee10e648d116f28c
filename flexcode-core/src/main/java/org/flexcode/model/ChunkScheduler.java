package org.flexcode.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.IntFunction;
import org.flexcode.aggregation.copies.internal.StealPlan;

/**
 * Spark's scheduler as {@code steal}'s jobs meet it, on the simulated cores of one iteration. A
 * free core of executor e takes, from the first job, the lowest-numbered pending home chunk e holds
 * a copy of (each home chunk prefers every holder of its chunk, and an executor's pending tasks go
 * in task order; an avoided executor only chunks every holder of which is avoided), or, when the
 * home work runs as block tasks, e's next home block whole; with none pending, the next late copy
 * placed on e (a later job than the first). A chunk task lasts {@link Cluster#chunkMs}, a block
 * task {@link Cluster#taskMs}, at the data load of the block's home and e's factor.
 *
 * <p>For a strategy that applies late results ({@code flexrr}) the engine cancels nothing when an
 * iteration ends: every copy still running keeps its core into the next iteration for its remaining
 * time ({@link #carryOver}), and the copies of a lagging chunk not started yet stay queued in their
 * earlier job, which Spark serves first (FIFO): a free core of an executor they may run on takes
 * them before any task of the new iteration.
 */
final class ChunkScheduler {

  /** A task on one core: a chunk copy, or a block task over its block's home chunks. */
  static final class Run {
    final int task;
    final int covers;
    final int executor;
    final double start; // < 0 for a run carried from an earlier iteration
    final double end;
    final int launchedIn; // the iteration whose job launched it
    private double stop;

    private Run(int task, int covers, int executor, double start, double end, int launchedIn) {
      this.task = task;
      this.covers = covers;
      this.executor = executor;
      this.start = start;
      this.end = end;
      this.launchedIn = launchedIn;
      this.stop = end;
    }

    /** When it stopped computing, {@code endMs} at the latest: finished, killed or cut off. */
    double ranUntil(double endMs) {
      return Math.min(stop, endMs);
    }

    boolean killed() {
      return stop < end;
    }
  }

  private final Cluster cluster;
  private final StealPlan plan;
  private final int[][] held;
  private final int[][] homeBlocks;
  private final int[] heldNext;
  private final int[] blockNext;
  private final int[] freeCores;
  private final List<ArrayDeque<Integer>> placedCopies = new ArrayList<>();
  private final BitSet homeStarted = new BitSet();
  private final BitSet dropped = new BitSet();
  private final PriorityQueue<Run> ends =
      new PriorityQueue<>((a, b) -> Double.compare(a.end, b.end));
  private final List<Run> runs = new ArrayList<>();
  private final List<Run> carried = new ArrayList<>(); // into the next iteration, its times
  private final List<Queued> queuedEarlier =
      new ArrayList<>(); // copies of earlier jobs not started
  private int iteration;
  private Run[] runOf;
  private int running;
  private double[] factors;
  private double[] loads;
  private boolean blockHome;
  private Set<Integer> avoided = Set.of();
  private boolean keepHome;
  private double[] delayMs;

  ChunkScheduler(Cluster cluster, StealPlan plan) {
    this.cluster = cluster;
    this.plan = plan;
    int m = plan.executors();
    held = byExecutor(m, plan.numChunks(), this::holders);
    homeBlocks =
        byExecutor(
            m, plan.numChunks() / plan.chunksPerBlock(), b -> new int[] {cluster.executorOf(b)});
    for (int e = 0; e < m; e++) {
      placedCopies.add(new ArrayDeque<>());
    }
    heldNext = new int[m];
    blockNext = new int[m];
    freeCores = new int[m];
  }

  private boolean holds(int executor, int chunk) {
    for (int k = 0; k < plan.copies(); k++) {
      if (plan.executorOf(plan.taskOf(chunk, k)) == executor) {
        return true;
      }
    }
    return false;
  }

  /** The executors holding a copy of {@code chunk} (one entry per copy; repeats possible). */
  private int[] holders(int chunk) {
    int[] holders = new int[plan.copies()];
    for (int k = 0; k < holders.length; k++) {
      holders[k] = plan.executorOf(plan.taskOf(chunk, k));
    }
    return holders;
  }

  /**
   * For every executor, the items in [0, {@code items}) that {@code executorsOf} places on it, in
   * increasing order, each once: one pass over the items, so that a layout of millions of chunks
   * over thousands of executors takes linear time.
   */
  private static int[][] byExecutor(int executors, int items, IntFunction<int[]> executorsOf) {
    int[] counts = new int[executors];
    int[] lastItem = new int[executors];
    Arrays.fill(lastItem, -1);
    for (int item = 0; item < items; item++) {
      for (int e : executorsOf.apply(item)) {
        if (lastItem[e] != item) {
          lastItem[e] = item;
          counts[e]++;
        }
      }
    }
    int[][] byExecutor = new int[executors][];
    for (int e = 0; e < executors; e++) {
      byExecutor[e] = new int[counts[e]];
      counts[e] = 0;
      lastItem[e] = -1;
    }
    for (int item = 0; item < items; item++) {
      for (int e : executorsOf.apply(item)) {
        if (lastItem[e] != item) {
          lastItem[e] = item;
          byExecutor[e][counts[e]++] = item;
        }
      }
    }
    return byExecutor;
  }

  /** A copy of a lagging chunk queued in an earlier job: on {@code executor}, or -1 any holder. */
  private record Queued(int task, int executor, int launchedIn) {}

  /**
   * Iteration {@code it} starts: the cores the runs carried from earlier iterations hold are busy,
   * every other core free, nothing else started; the first job runs the home copies in {@code
   * firstJob} (the other chunks neither run nor move); {@code blockHome}: the home work runs as
   * block tasks; the chunks keep away from {@code avoided}; {@code keepHome}: a home chunk runs on
   * its home executor only.
   */
  void start(
      int it,
      double[] factors,
      double[] loads,
      boolean blockHome,
      BitSet firstJob,
      Set<Integer> avoided,
      boolean keepHome) {
    this.iteration = it;
    this.factors = factors;
    this.loads = loads;
    this.blockHome = blockHome;
    this.avoided = avoided;
    this.keepHome = keepHome;
    Arrays.fill(heldNext, 0);
    Arrays.fill(blockNext, 0);
    Arrays.fill(freeCores, cluster.cores());
    placedCopies.forEach(ArrayDeque::clear);
    homeStarted.clear();
    dropped.clear();
    ends.clear();
    runs.clear();
    runOf = new Run[plan.numChunks() * plan.copies()];
    running = 0;
    for (int chunk = 0; chunk < plan.numChunks(); chunk++) {
      if (!firstJob.get(plan.taskOf(chunk, 0))) {
        homeStarted.set(chunk); // held: not run in this iteration
      }
    }
    for (Run run : carried) {
      freeCores[run.executor]--;
      running++;
      ends.add(run);
      runs.add(run);
    }
    carried.clear();
  }

  /**
   * The iteration ends at {@code now}, the engine cancelling nothing: every run still running
   * carries on into the next iteration, for its remaining time; the copies of the chunks {@code
   * lagging} not started yet stay queued, ahead of the next iteration's tasks.
   */
  void carryOver(double now, BitSet lagging) {
    for (Run run : runs) {
      if (!run.killed() && run.end > now) {
        carried.add(
            new Run(
                run.task,
                run.covers,
                run.executor,
                run.start - now,
                run.end - now,
                run.launchedIn));
      }
    }
    for (int chunk = lagging.nextSetBit(0); chunk >= 0; chunk = lagging.nextSetBit(chunk + 1)) {
      if (!homeStarted.get(chunk)) {
        queuedEarlier.add(new Queued(plan.taskOf(chunk, 0), -1, iteration));
      }
    }
    for (int e = 0; e < placedCopies.size(); e++) {
      for (int task : placedCopies.get(e)) {
        if (!dropped.get(task) && lagging.get(plan.chunkOf(task))) {
          queuedEarlier.add(new Queued(task, e, iteration));
        }
      }
    }
  }

  /**
   * Holds task t back {@code delayMs[t]} ms more whenever it runs, as the engine's injected
   * straggler delays do (null: none); until changed.
   */
  void delay(double[] delayMs) {
    this.delayMs = delayMs == null ? null : delayMs.clone();
  }

  /** Copy task {@code task}, launched and placed on {@code executor}, waits for a core there. */
  void place(int task, int executor) {
    placedCopies.get(executor).addLast(task);
  }

  /** Gives every free core its next task at {@code now}; returns the runs started. */
  List<Run> assign(double now) {
    List<Run> started = new ArrayList<>();
    for (int e = 0; e < freeCores.length; e++) {
      while (freeCores[e] > 0) {
        Run run = next(e, now);
        if (run == null) {
          break;
        }
        started.add(run);
      }
    }
    return started;
  }

  /** When the next running task ends; infinity if none runs. */
  double nextEnd() {
    while (!ends.isEmpty() && ends.peek().killed()) {
      ends.poll();
    }
    return ends.isEmpty() ? Double.POSITIVE_INFINITY : ends.peek().end;
  }

  /** The runs that end by {@code now}, in order; their cores are free. */
  List<Run> finishedBy(double now) {
    List<Run> finished = new ArrayList<>();
    while (nextEnd() <= now) {
      Run run = ends.poll();
      freeCores[run.executor]++;
      running--;
      finished.add(run);
    }
    return finished;
  }

  /** Kills copy task {@code task} at {@code now} if it runs, or drops it if it waits for a core. */
  void kill(int task, double now) {
    Run run = runOf[task];
    if (run == null) {
      dropped.set(task);
    } else if (run.end > now && !run.killed()) {
      run.stop = now;
      freeCores[run.executor]++;
      running--;
    }
  }

  /** The iterations whose copies carry on into the next iteration, running or queued. */
  BitSet launchedInCarried() {
    BitSet its = new BitSet();
    carried.forEach(run -> its.set(run.launchedIn));
    queuedEarlier.forEach(queued -> its.set(queued.launchedIn()));
    return its;
  }

  /** Every run of this iteration: started in it, or carried from an earlier one. */
  List<Run> runs() {
    return runs;
  }

  private Run next(int e, double now) {
    for (Queued queued : queuedEarlier) {
      boolean mayRun =
          queued.executor() < 0 ? holds(e, plan.chunkOf(queued.task())) : queued.executor() == e;
      if (mayRun) {
        queuedEarlier.remove(queued);
        return begin(queued.task(), 1, e, now, queued.launchedIn());
      }
    }
    if (blockHome && blockNext[e] < homeBlocks[e].length) {
      int block = homeBlocks[e][blockNext[e]++];
      int first = plan.taskOf(block * plan.chunksPerBlock(), 0);
      homeStarted.set(first, first + plan.chunksPerBlock());
      return begin(first, plan.chunksPerBlock(), e, now, iteration);
    }
    while (!blockHome && heldNext[e] < held[e].length && !mayTake(e, held[e][heldNext[e]])) {
      heldNext[e]++;
    }
    if (!blockHome && heldNext[e] < held[e].length) {
      int chunk = held[e][heldNext[e]++];
      homeStarted.set(chunk);
      return begin(plan.taskOf(chunk, 0), 1, e, now, iteration);
    }
    ArrayDeque<Integer> copies = placedCopies.get(e);
    while (!copies.isEmpty() && dropped.get(copies.peekFirst())) {
      copies.pollFirst();
    }
    return copies.isEmpty() ? null : begin(copies.pollFirst(), 1, e, now, iteration);
  }

  /** Whether executor e's free core may take home chunk {@code chunk} (not started). */
  private boolean mayTake(int e, int chunk) {
    if (homeStarted.get(chunk)) {
      return false;
    }
    if (keepHome) {
      return plan.executorOf(plan.taskOf(chunk, 0)) == e;
    }
    if (!avoided.contains(e)) {
      return true;
    }
    for (int k = 0; k < plan.copies(); k++) {
      if (!avoided.contains(plan.executorOf(plan.taskOf(chunk, k)))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Starts task {@code task} (a block task when it {@code covers} more than one chunk) of the job
   * of iteration {@code launchedIn} on a core of executor e at {@code now}, with the tasks then
   * running sharing the host ({@link Cluster#contention}: every core at the iteration's start).
   */
  private Run begin(int task, int covers, int e, double now, int launchedIn) {
    int block = plan.chunkOf(task) / plan.chunksPerBlock();
    double load = loads[cluster.executorOf(block)];
    int sharing = now <= 0 ? cluster.executors() * cluster.cores() : running + 1;
    double ms =
        covers > 1
            ? cluster.taskMs(1, load, factors[e], sharing)
            : cluster.chunkMs(1.0 / plan.chunksPerBlock(), load, factors[e], sharing);
    for (int t = task; delayMs != null && t < task + covers; t++) {
      ms += delayMs[t]; // a block task is held back for each chunk it covers
    }
    Run run = new Run(task, covers, e, now, now + ms, launchedIn);
    freeCores[e]--;
    running++;
    ends.add(run);
    runs.add(run);
    for (int t = task; launchedIn == iteration && t < task + covers; t++) {
      runOf[t] = run; // this iteration's late jobs kill their own copies only
    }
    return run;
  }
}
