package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.flexcode.adaptive.internal.CopyThresholds;
import org.flexcode.adaptive.internal.HomeGrouping;
import org.flexcode.adaptive.internal.SlowExecutors;
import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.TaskLaunches;

/**
 * {@code steal}'s launches ({@link StealPlan}): the first job runs every chunk's home copy over the
 * {@link HolderRDD}, so Spark's scheduler gives a pending chunk to the first of its holders with a
 * free core; then, whenever asked,
 *
 * <ul>
 *   <li>an idle holder takes a chunk whose home copy has not started (rare: Spark does it first);
 *   <li>a chunk whose only launched copy has run over {@code late} x the median launch-to-arrival
 *       time of the finished copies (and at least 100 ms) gets one more copy, placed ({@link
 *       CopyPlacement}) on an idle holder other than the executor running it if there is one, else
 *       on another holder whose host has CPU to spare (on a host other processes keep busy, a
 *       holder still computing takes no copy); when the home work runs as block tasks, an idle
 *       holder that has CPU to spare takes it earlier ({@link CopyThresholds});
 *   <li>when the home work runs as chunk tasks, an idle holder that has CPU to spare takes a
 *       running chunk as soon as its copy would arrive first, judged by how long the running
 *       executor's copies take in the iteration ({@link CopyRace}).
 * </ul>
 *
 * A late job all of whose chunks have arrived is redundant (the run cancels it, killing its losing
 * copies). Losing home copies are not killed one by one: {@code SparkContext.killTaskAttempt} kills
 * and <em>reschedules</em> a task, so they run (or wait) until the iteration's jobs are cancelled,
 * counted in the record's duplicated time. A move in the record goes from the executor that ran (or
 * was running) the home copy to the one whose copy was used. The launches of the current iteration
 * are kept until the next one starts, for {@link #report}.
 *
 * <p>Time is read from a clock ({@link LaunchContext}): the engine's is the wall clock; the model's
 * {@code steal} rule runs these same decisions on simulated time, with simulated launches, arrivals
 * and placement.
 */
public final class StealLaunches implements LateLaunchPolicy {

  private final StealPlan plan;
  private final double late;
  private final TaskLaunches listener;
  private final LongSupplier clock;
  private final CopyLaunchLog launchLog;
  private final String[] executorIds;
  private final CopyPlacement placement;
  private final SlowExecutors slow = new SlowExecutors();
  private final CopyHolders holders;
  private final HomeGrouping grouping;
  private final FinishedCopies finished;
  private int blockHomeIteration = -1;

  private int iteration = -1;
  private BitSet launched;
  private BitSet held = new BitSet(); // chunks this iteration neither runs nor moves
  private final BitSet lateCopies = new BitSet();
  private final Map<Integer, Long> cancelledMs = new HashMap<>();

  /**
   * The launches of {@code spec}'s late copies and home work over {@code plan}; {@code
   * executorIds[e]}: the id of planned executor e (for the record); {@code listener} tells when and
   * where tasks launched, {@code placement} takes the copies launched, {@code context} tells the
   * time and takes the log.
   */
  public StealLaunches(
      StealPlan plan,
      CopiesSpec spec,
      TaskLaunches listener,
      String[] executorIds,
      CopyPlacement placement,
      LaunchContext context) {
    this.plan = plan;
    this.clock = context.clock();
    this.grouping =
        new HomeGrouping(
            plan.chunksPerBlock() > 1 ? spec.home() : StealHome.CHUNKS, context.homeLog());
    this.placement = placement;
    this.late = spec.late();
    this.listener = listener;
    this.executorIds = executorIds.clone();
    this.launchLog = new CopyLaunchLog(context.launchLog(), executorIds);
    this.holders = new CopyHolders(plan, executorIds);
    this.finished = new FinishedCopies(plan, listener);
    this.launched = plan.homeTasks();
  }

  @Override
  public synchronized BitSet firstJob() {
    return homesRun();
  }

  /**
   * Chunks the next iteration neither runs nor moves (none by default): a strategy applying stale
   * results holds the chunks whose copies from an earlier iteration still run. Set before {@link
   * #firstJob}.
   */
  public synchronized void hold(BitSet chunks) {
    held = (BitSet) chunks.clone();
  }

  /** The home copies of the chunks not held. */
  private BitSet homesRun() {
    BitSet homes = plan.homeTasks();
    held.stream().forEach(chunk -> homes.clear(plan.taskOf(chunk, 0)));
    return homes;
  }

  /**
   * Chunks per block when this iteration's home work runs as block tasks, else 1. One executor that
   * queues the blocks ({@link StealPlan#queuesBlocks}) has no CPU to spare for chunk tasks.
   */
  @Override
  public synchronized int homeGroup(int it) {
    boolean spare = holders.mostSpare() && !plan.queuesBlocks();
    boolean block =
        grouping.begin(it, holders.avoiding(), spare, clock.getAsLong()) == StealHome.BLOCK;
    blockHomeIteration = block ? it : blockHomeIteration;
    return block ? plan.chunksPerBlock() : 1;
  }

  @Override
  public boolean launchesLate() {
    return plan.copies() > 1;
  }

  @Override
  public boolean launchesRepeatedly() {
    return true;
  }

  @Override
  public synchronized Launch due(int it, Arrivals arrivals) {
    startIteration(it);
    BitSet done = finishedChunks(arrivals);
    done.or(held);
    if (done.cardinality() == plan.numChunks()) {
      return null;
    }
    holders.noteLoads(arrivals);
    boolean[] idle = idleExecutors(it, done, arrivals);
    BitSet tasks = new BitSet(plan.numTasks());
    stealPending(it, done, idle, tasks);
    if (late > 0) {
      launchLate(it, done, arrivals, idle, tasks);
    }
    if (tasks.isEmpty()) {
      return null;
    }
    launched.or(tasks);
    return new Launch(tasks, null);
  }

  @Override
  public synchronized Launch withResubmit(Arrivals arrivals) {
    return null; // the resubmit reruns every launched copy still needed
  }

  @Override
  public synchronized boolean redundant(BitSet tasks, Arrivals arrivals) {
    BitSet done = finishedChunks(arrivals);
    for (int t = tasks.nextSetBit(0); t >= 0; t = tasks.nextSetBit(t + 1)) {
      if (!done.get(plan.chunkOf(t))) {
        return false;
      }
    }
    long now = clock.getAsLong();
    for (int t = tasks.nextSetBit(0); t >= 0; t = tasks.nextSetBit(t + 1)) {
      if (!arrivals.isFinished(t)) {
        cancelledMs.put(t, now);
      }
    }
    return true;
  }

  /**
   * The record of iteration {@code it}: moves of the chunks {@code decision} took from a non-home
   * copy, the copies launched, and the time spent by copies not used (up to {@code endMs} for those
   * still running).
   */
  public synchronized StealRecord report(int it, Arrivals arrivals, Decision decision, long endMs) {
    startIteration(it);
    holders.noteLoads(arrivals);
    BitSet used = decision.used();
    Map<Integer, PartialResult> results = arrivals.results();
    List<StealRecord.Move> moves = new ArrayList<>();
    for (int t = used.nextSetBit(0); t >= 0; t = used.nextSetBit(t + 1)) {
      if (plan.copyOf(t) == 0) {
        continue; // the home copy, wherever Spark ran it (maybe launched in an earlier iteration)
      }
      int chunk = plan.chunkOf(t);
      int home = plan.taskOf(chunk, 0);
      String from = executorIds[executorRunning(it, home)]; // where its home copy ran
      String to = results.get(t).executorId();
      moves.add(new StealRecord.Move(chunk, home, from, t, to, lateCopies.get(t)));
    }
    long duplicated = 0;
    for (int t = launched.nextSetBit(0); t >= 0; t = launched.nextSetBit(t + 1)) {
      if (!used.get(t)) {
        duplicated += ranMs(it, t, results.get(t), endMs);
      }
    }
    Set<Integer> next = indexesOf(slow.observe(it, runMsByExecutor(results.values())));
    boolean copyWon = moves.stream().anyMatch(StealRecord.Move::late);
    grouping.end(it, endMs, slow.lastHadSlow() || copyWon || holders.avoiding());
    if (!next.equals(holders.avoided())) {
      launchLog.avoiding(it, next);
    }
    holders.avoid(next);
    placement.avoid(next);
    int homes = plan.numChunks() - held.cardinality();
    return new StealRecord(moves, launched.cardinality() - homes, duplicated);
  }

  /** Each executor's run times (ms on the executor, start to finish) of these results. */
  private static Map<String, List<Long>> runMsByExecutor(Iterable<PartialResult> results) {
    Map<String, List<Long>> byExecutor = new HashMap<>();
    for (PartialResult r : results) {
      long ms = Math.max(0, r.finishMs() - r.startMs());
      byExecutor.computeIfAbsent(r.executorId(), e -> new ArrayList<>()).add(ms);
    }
    return byExecutor;
  }

  private long ranMs(int it, int task, PartialResult result, long endMs) {
    if (result != null) {
      return Math.max(0, result.finishMs() - result.startMs());
    }
    long start = listener.launchTime(it, task);
    if (start <= 0) {
      return 0;
    }
    return Math.max(0, cancelledMs.getOrDefault(task, endMs) - start);
  }

  private void startIteration(int it) {
    if (it != iteration) {
      iteration = it;
      placement.clear();
      launched = homesRun();
      lateCopies.clear();
      cancelledMs.clear();
      holders.startIteration();
    }
  }

  private BitSet finishedChunks(Arrivals arrivals) {
    return finished.doneChunks(arrivals);
  }

  /**
   * Executors with nothing to do: no launched copy on them whose chunk is unfinished, and no copy
   * still running there (a losing home copy keeps its executor busy until the iteration ends).
   */
  private boolean[] idleExecutors(int it, BitSet done, Arrivals arrivals) {
    boolean[] idle = new boolean[plan.executors()];
    java.util.Arrays.fill(idle, true);
    // A finished copy keeps no executor busy: its chunk is done and it runs no more.
    BitSet unfinished = (BitSet) launched.clone();
    unfinished.andNot(arrivals.finished());
    for (int t = unfinished.nextSetBit(0); t >= 0; t = unfinished.nextSetBit(t + 1)) {
      boolean running = listener.launchTime(it, t) > 0 && !cancelledMs.containsKey(t);
      if (!done.get(plan.chunkOf(t)) || running) {
        idle[executorRunning(it, t)] = false;
      }
    }
    return idle;
  }

  /**
   * The planned executor task {@code task} runs on: where it launched if known (Spark may run a
   * home copy on any holder of its chunk), else where its copy is planned.
   */
  private int executorRunning(int it, int task) {
    int e = plannedIndexOf(listener.launchExecutor(it, task));
    return e >= 0 ? e : plan.executorOf(task);
  }

  /** Idle holders take chunks whose home copy has not started (one chunk per executor). */
  private void stealPending(int it, BitSet done, boolean[] idle, BitSet tasks) {
    if (noneIdle(idle)) {
      return; // no holder to take a chunk (the common case while an iteration runs)
    }
    int chunks = plan.numChunks();
    for (int chunk = done.nextClearBit(0); chunk < chunks; chunk = done.nextClearBit(chunk + 1)) {
      int home = plan.taskOf(chunk, 0);
      if (listener.launchTime(it, home) > 0 || plan.copiesIn(chunk, launched) > 1) {
        continue;
      }
      int target = holders.idle(chunk, idle, -1, false);
      int copy = target < 0 ? -1 : plan.copyNotIn(chunk, launched);
      if (copy >= 0) {
        place(copy, target, tasks, idle);
        launchLog.pendingTaken(it, chunk, plan.executorOf(home), target, copy);
      }
    }
  }

  /**
   * A running chunk with one launched copy gets another: on an idle holder once over the idle
   * threshold, on any other holder once over the late one ({@link CopyThresholds}), and between
   * chunk tasks on an idle holder as soon as that copy would arrive first ({@link CopyRace}).
   */
  private void launchLate(int it, BitSet done, Arrivals arrivals, boolean[] idle, BitSet tasks) {
    List<Long> durations = finishedDurations(it, arrivals);
    Map<Integer, List<Long>> byExecutor = finished.byExecutor();
    CopyThresholds due =
        CopyThresholds.of(durations, plan.numChunks(), late, blockHomeIteration == it);
    if (due == null) {
      return;
    }
    CopyRace race =
        blockHomeIteration == it ? null : CopyRace.of(byExecutor, durations, plan.numChunks());
    long now = clock.getAsLong();
    int chunks = plan.numChunks();
    for (int chunk = done.nextClearBit(0); chunk < chunks; chunk = done.nextClearBit(chunk + 1)) {
      int running = plan.onlyCopyIn(chunk, launched);
      long start = running < 0 ? -1 : listener.launchTime(it, running);
      if (start <= 0 || tasks.get(running)) {
        continue;
      }
      // With one executor (local mode) its other cores take the copy.
      int busy = plan.executors() == 1 ? -1 : executorRunning(it, running);
      long ran = now - start;
      boolean raced = !due.dueOnIdle(ran) && race != null && race.copyArrivesFirst(busy, ran);
      if (!due.dueOnIdle(ran) && !raced) {
        continue;
      }
      boolean early = !due.dueAnywhere(ran); // always when raced: only an idle holder races
      int target = holders.idle(chunk, idle, busy, early);
      if (target < 0 && early && !raced) {
        holders.logNoEarlyCopy(it, chunk, holders.idle(chunk, idle, busy, false), ran, due);
      } else if (target < 0 && !early) {
        target = holders.busyWithSpareCpu(it, chunk, busy);
      }
      int copy = target < 0 ? -1 : plan.copyNotIn(chunk, launched);
      if (copy >= 0 && !plan.anyCopyIn(chunk, tasks)) {
        place(copy, target, tasks, idle);
        lateCopies.set(copy);
        CopyLaunchLog.Copy launch =
            new CopyLaunchLog.Copy(
                it, chunk, running, ran, executorRunning(it, running), copy, target);
        if (raced) {
          launchLog.racedCopy(launch, race);
        } else {
          launchLog.lateCopy(launch, due, late);
        }
      }
    }
  }

  /**
   * The first time (clock ms) after now at which a chunk whose only copy runs will have run over a
   * copy threshold, given what has arrived ({@link CopyThresholds#idleDueFromMs}); {@link
   * Long#MAX_VALUE} if none will before the next arrival changes the thresholds. When to ask {@link
   * #due} again on simulated time.
   */
  public synchronized long nextDueMs(int it, Arrivals arrivals) {
    startIteration(it);
    CopyThresholds due =
        late > 0
            ? CopyThresholds.of(
                finishedDurations(it, arrivals), plan.numChunks(), late, blockHomeIteration == it)
            : null;
    long now = clock.getAsLong();
    long next = Long.MAX_VALUE;
    BitSet done = due == null ? null : finishedChunks(arrivals);
    int chunks = plan.numChunks();
    for (int chunk = due == null ? chunks : done.nextClearBit(0);
        chunk < chunks;
        chunk = done.nextClearBit(chunk + 1)) {
      int running = plan.onlyCopyIn(chunk, launched);
      long start = running < 0 ? -1 : listener.launchTime(it, running);
      for (long dueFromMs : new long[] {due.idleDueFromMs(), due.anyDueFromMs()}) {
        if (start > 0 && dueFromMs != Long.MAX_VALUE && start + dueFromMs > now) {
          next = Math.min(next, start + dueFromMs);
        }
      }
    }
    return next;
  }

  private static boolean noneIdle(boolean[] idle) {
    for (boolean free : idle) {
      if (free) {
        return false;
      }
    }
    return true;
  }

  /** Launches {@code copy} on planned executor {@code target} (now busy). */
  private void place(int copy, int target, BitSet tasks, boolean[] idle) {
    tasks.set(copy);
    placement.place(copy, target);
    idle[target] = false;
  }

  /**
   * Whether the next iteration's home copies stay on their home executor ({@code home}: no holder
   * takes a pending one, as ignore needs: a left-out executor's chunks are not computed elsewhere)
   * or may run on any holder.
   */
  public void keepHome(boolean home) {
    placement.keepHome(home);
  }

  /** The planned executor (0 .. M-1) with id {@code executorId}, or -1 if none (or null). */
  public int plannedIndexOf(String executorId) {
    return holders.plannedIndexOf(executorId);
  }

  /** The planned executors with these ids. */
  private Set<Integer> indexesOf(Set<String> ids) {
    Set<Integer> indexes = new HashSet<>();
    for (int e = 0; e < executorIds.length; e++) {
      if (ids.contains(executorIds[e])) {
        indexes.add(e);
      }
    }
    return indexes;
  }

  /**
   * The launch-to-arrival times (ms) of this iteration's finished copies whose launch is known
   * ({@link FinishedCopies}).
   */
  private List<Long> finishedDurations(int it, Arrivals arrivals) {
    finished.update(it, arrivals, task -> executorRunning(it, task));
    return finished.durations();
  }
}
