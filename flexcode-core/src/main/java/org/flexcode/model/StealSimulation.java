package org.flexcode.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import org.flexcode.adaptive.ChunkPlacement;
import org.flexcode.adaptive.CopyThresholds;
import org.flexcode.adaptive.HomeGrouping;
import org.flexcode.adaptive.SlowExecutors;
import org.flexcode.adaptive.StealHome;

/**
 * {@link StealRule} prepared for one cluster: the chunk layout and the state carried from one
 * simulated iteration to the next (which executors the engine's {@link SlowExecutors} avoids).
 *
 * <p>An iteration is simulated event by event on the cores. A free core takes the lowest-numbered
 * pending chunk its executor holds, its home copy or another (Spark's scheduler hands out the home
 * copies' tasks so: each prefers every holder of its chunk, and an executor's pending tasks go in
 * task order); with none pending, a late copy: a chunk whose only copy runs on another executor and
 * has run over {@code late} x the median duration of the copies finished so far (once {@link
 * CopyThresholds#QUORUM} of the chunks are in, and at least {@link CopyThresholds#MIN_RUNTIME_MS})
 * is copied to this core, and the first copy to finish wins. A losing late copy is killed when its
 * chunk finishes; a losing home copy runs on (the engine does not kill it). An avoided executor
 * takes only chunks none of whose holders is available; it is measured again after the engine's
 * hold.
 *
 * <p>Each iteration's home work runs as the engine's {@link HomeGrouping} chooses from the
 * simulated spans: chunk tasks as above, or block tasks, where a free core takes its executor's
 * next home block whole (one task launch, every chunk of it finishing with the block) and a chunk
 * of a block still running is copied to a free core of its other holder once it has run over the
 * engine's idle-holder threshold ({@link CopyThresholds}: a little over the median once half the
 * chunks are in). Iterations with a straggler (an executor slow by {@link SlowExecutors}' measure,
 * a copy that beat its home copy, or an executor avoided) are the engine's.
 */
final class StealSimulation implements Rule.Simulation {

  private final Cluster cluster;
  private final int chunks;
  private final double late;
  private final int[][] holders;
  private final int[][] home;
  private final int[][] held;
  private final SlowExecutors slow = new SlowExecutors();
  private final HomeGrouping grouping;
  private boolean blockHome;
  private Set<Integer> avoided = Set.of();
  private int iteration;

  private final int[] homeNext;
  private final int[] heldNext;
  private final double[] start;
  private final double[] end;
  private final int[] ranOn;
  private final double[] copyStart;
  private final double[] copyEnd;
  private final int[] copyOn;
  private final boolean[] inBlock;
  private double[] factors;
  private double[] loads;
  private final PriorityQueue<double[]> finishes =
      new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
  private final RunningMedian finished = new RunningMedian();
  private final PriorityQueue<Double> runningEnds = new PriorityQueue<>();
  private int launches;

  StealSimulation(Cluster cluster, int r, int chunks, double late, StealHome homeWork) {
    this.cluster = cluster;
    this.grouping = new HomeGrouping(chunks > 1 ? homeWork : StealHome.CHUNKS);
    this.chunks = chunks;
    this.late = late;
    int m = cluster.executors();
    int total = cluster.tasks() * chunks;
    holders = new int[total][];
    for (int q = 0; q < total; q++) {
      holders[q] = holdersOf(q / chunks, q % chunks, r);
    }
    home = queues(total, m, 0, 1);
    held = queues(total, m, 0, r);
    homeNext = new int[m];
    heldNext = new int[m];
    start = new double[total];
    end = new double[total];
    ranOn = new int[total];
    copyStart = new double[total];
    copyEnd = new double[total];
    copyOn = new int[total];
    inBlock = new boolean[total];
  }

  /**
   * Piece {@code piece} of block {@code block}: its home (the block's executor) first, then copies
   * 1 .. r - 1 where the engine caches them ({@link ChunkPlacement#holderOf}).
   */
  private int[] holdersOf(int block, int piece, int r) {
    int m = cluster.executors();
    int owner = cluster.executorOf(block);
    int[] h = new int[r];
    for (int k = 0; k < r; k++) {
      h[k] = ChunkPlacement.holderOf(owner, piece, k, m);
    }
    return h;
  }

  /** Per executor, the chunks of which it holds copy {@code from}..{@code to - 1}. */
  private int[][] queues(int total, int m, int from, int to) {
    List<List<Integer>> byExecutor = new ArrayList<>();
    for (int e = 0; e < m; e++) {
      byExecutor.add(new ArrayList<>());
    }
    for (int q = 0; q < total; q++) {
      for (int k = from; k < to; k++) {
        byExecutor.get(holders[q][k]).add(q);
      }
    }
    int[][] queues = new int[m][];
    for (int e = 0; e < m; e++) {
      queues[e] = byExecutor.get(e).stream().mapToInt(Integer::intValue).toArray();
    }
    return queues;
  }

  @Override
  public IterationOutcome run(double[] factors, double[] loads) {
    this.factors = factors;
    this.loads = loads;
    blockHome = grouping.choose(iteration, !avoided.isEmpty()) == StealHome.BLOCK;
    reset();
    PriorityQueue<double[]> free =
        new PriorityQueue<>(
            (a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
    for (int e = 0; e < cluster.executors(); e++) {
      for (int c = 0; c < cluster.cores(); c++) {
        free.add(new double[] {0.0, e});
      }
    }
    List<double[]> waiting = new ArrayList<>(); // cores with nothing to do until a copy starts
    while (!free.isEmpty()) {
      double[] core = free.poll();
      int before = launches;
      boolean quorumBefore = quorum();
      double next = schedule(core[0], (int) core[1]);
      if (Double.isFinite(next)) {
        free.add(new double[] {next, core[1]});
      } else {
        waiting.add(core);
      }
      // a copy started (it may become late), or enough chunks are in for copies: look again
      if (launches > before || (!quorumBefore && quorum())) {
        waiting.forEach(w -> free.add(new double[] {core[0], w[1]}));
        waiting.clear();
      }
    }
    return finish();
  }

  private void reset() {
    Arrays.fill(homeNext, 0);
    Arrays.fill(heldNext, 0);
    Arrays.fill(start, Double.NaN);
    Arrays.fill(end, Double.POSITIVE_INFINITY);
    Arrays.fill(copyStart, Double.NaN);
    Arrays.fill(copyEnd, Double.POSITIVE_INFINITY);
    Arrays.fill(inBlock, false);
    finishes.clear();
    finished.clear();
    runningEnds.clear();
  }

  /**
   * A core of executor {@code e} free at {@code t}: starts a chunk or a late copy there and returns
   * when the core is free again, or when it should look again for a late copy; infinity when it has
   * nothing left to do this iteration.
   */
  private double schedule(double t, int e) {
    while (!finishes.isEmpty() && finishes.peek()[0] <= t) {
      finished.add(finishes.poll()[1]);
    }
    if (blockHome && homeNext[e] < home[e].length) {
      return startBlock(t, e, home[e][homeNext[e]]);
    }
    int q = nextChunk(e);
    if (q >= 0) {
      start[q] = t;
      ranOn[q] = e;
      end[q] = t + durationOn(q, e, t);
      runningEnds.add(end[q]);
      launches++;
      finishes.add(new double[] {end[q], end[q] - t});
      return end[q];
    }
    if (late <= 0 || !quorum()) { // woken when a copy starts or the quorum is in (run())
      return Double.POSITIVE_INFINITY;
    }
    double threshold =
        finished.isEmpty()
            ? Double.POSITIVE_INFINITY
            : CopyThresholds.of(finished.median(), finished.size(), start.length, late, blockHome)
                .idleHolderMs();
    double wake = Double.POSITIVE_INFINITY;
    for (int c : held[e]) {
      if (!lateCandidate(c, e, t)) {
        continue;
      }
      if (start[c] + threshold <= t) { // the same sum as the wake-up below: no busy loop
        copyStart[c] = t;
        copyOn[c] = e;
        copyEnd[c] = t + durationOn(c, e, t);
        runningEnds.add(Math.min(copyEnd[c], end[c])); // a losing late copy is killed
        launches++;
        if (copyEnd[c] < end[c]) {
          finishes.add(new double[] {copyEnd[c], copyEnd[c] - t});
        }
        return Math.min(copyEnd[c], end[c]); // a losing late copy is killed
      }
      wake = Math.min(wake, Math.min(start[c] + threshold, end[c]));
    }
    return finishes.isEmpty() ? wake : Math.min(wake, finishes.peek()[0]);
  }

  /** Whether enough chunks are in for a copy to be due ({@link CopyThresholds#QUORUM}). */
  private boolean quorum() {
    return CopyThresholds.quorum(finished.size(), start.length);
  }

  /**
   * Executor {@code e}'s block task from home chunk {@code first} on, started at {@code t}: its
   * chunks not started elsewhere run with it (one launch, all finishing together); returns its end.
   */
  private double startBlock(double t, int e, int first) {
    int block = first / chunks;
    double blockEnd =
        t + cluster.taskMs(1, loads[cluster.executorOf(block)], factors[e], startingWith(t));
    for (int q = block * chunks; q < (block + 1) * chunks; q++) {
      if (Double.isNaN(start[q])) {
        start[q] = t;
        ranOn[q] = e;
        end[q] = blockEnd;
        inBlock[q] = true;
        finishes.add(new double[] {blockEnd, blockEnd - t});
      }
    }
    homeNext[e] += chunks;
    runningEnds.add(blockEnd);
    launches++;
    return blockEnd;
  }

  /** A running chunk with one copy, on another executor than {@code e} (one of its holders). */
  private boolean lateCandidate(int c, int e, double t) {
    return !Double.isNaN(start[c]) && Double.isNaN(copyStart[c]) && end[c] > t && ranOn[c] != e;
  }

  /** Chunk q started on executor e at t: its share of the block at the block's load, e's factor. */
  private double durationOn(int q, int e, double t) {
    int owner = cluster.executorOf(q / chunks);
    return cluster.chunkMs(1.0 / chunks, loads[owner], factors[e], startingWith(t));
  }

  /**
   * The tasks running once one more starts at {@code t} ({@link Cluster#contention}): every core at
   * the iteration's start, else the tasks whose end is still ahead and the new one. Cores take work
   * in time order, so ends at or before {@code t} are over for good.
   */
  private int startingWith(double t) {
    if (t <= 0) {
      return cluster.executors() * cluster.cores();
    }
    while (!runningEnds.isEmpty() && runningEnds.peek() <= t) {
      runningEnds.poll();
    }
    return runningEnds.size() + 1;
  }

  /**
   * The lowest-numbered pending chunk the executor holds a copy of, else -1. An avoided executor
   * takes only chunks every holder of which is avoided.
   */
  private int nextChunk(int e) {
    boolean isAvoided = avoided.contains(e);
    while (heldNext[e] < held[e].length && taken(held[e][heldNext[e]], isAvoided)) {
      heldNext[e]++;
    }
    return heldNext[e] < held[e].length ? held[e][heldNext[e]++] : -1;
  }

  /** Started already, or (for an avoided executor) held by an executor that is not avoided. */
  private boolean taken(int q, boolean byAvoided) {
    if (!Double.isNaN(start[q])) {
      return true;
    }
    if (byAvoided) {
      for (int holder : holders[q]) {
        if (!avoided.contains(holder)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The span, the task-ms run and wasted, and the executors to avoid next. */
  private IterationOutcome finish() {
    double span = 0;
    for (int c = 0; c < start.length; c++) {
      span = Math.max(span, Math.min(end[c], copyEnd[c]));
    }
    double computed = 0;
    double wasted = 0;
    Map<String, List<Long>> runMs = new TreeMap<>();
    for (int c = 0; c < start.length; c++) {
      double done = Math.min(end[c], copyEnd[c]);
      // a block task's run shared among its chunks
      double home = (Math.min(end[c], span) - start[c]) / (inBlock[c] ? chunks : 1);
      double copy = Double.isNaN(copyStart[c]) ? 0 : done - copyStart[c];
      computed += home + copy;
      wasted += copyEnd[c] < end[c] ? home : copy;
      if (end[c] <= span) {
        runMs
            .computeIfAbsent(Integer.toString(ranOn[c]), k -> new ArrayList<>())
            .add(work(end[c] - start[c], inBlock[c]));
      }
      if (copyEnd[c] < end[c]) {
        runMs
            .computeIfAbsent(Integer.toString(copyOn[c]), k -> new ArrayList<>())
            .add(work(copyEnd[c] - copyStart[c], false));
      }
    }
    Set<Integer> next = new HashSet<>();
    for (String id : slow.observe(iteration, runMs)) {
      next.add(Integer.parseInt(id));
    }
    boolean straggled = slow.lastHadSlow() || aCopyWon() || !avoided.isEmpty();
    StealHome ran = blockHome ? StealHome.BLOCK : StealHome.CHUNKS;
    grouping.observe(iteration++, ran, Math.round(span), straggled);
    avoided = next;
    return new IterationOutcome(span, computed, wasted);
  }

  /**
   * When chunk {@code q} (piece q mod chunks of block q / chunks) arrived in the last {@link #run}:
   * its first copy to finish.
   */
  double arrivalOf(int q) {
    return Math.min(end[q], copyEnd[q]);
  }

  /** The executor whose copy of chunk {@code q} arrived first in the last {@link #run}. */
  int ranBy(int q) {
    return copyEnd[q] < end[q] ? copyOn[q] : ranOn[q];
  }

  /** Whether a late copy finished before its chunk's home copy (the engine's straggler sign). */
  private boolean aCopyWon() {
    for (int c = 0; c < start.length; c++) {
      if (copyEnd[c] < end[c]) {
        return true;
      }
    }
    return false;
  }

  /** A copy's compute on the executor that ran it: its duration less the launch, rounded. */
  private long work(double durationMs, boolean blockTask) {
    Costs costs = cluster.costs();
    return Math.round(durationMs - (blockTask ? costs.taskLaunchMs() : costs.chunkLaunchMs()));
  }
}
