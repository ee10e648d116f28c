package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The driver's chunk queue for one iteration: every core asks it for the next chunk to compute on
 * the copy its executor caches, and tells it when that chunk is done; the iteration ends when every
 * chunk is done once. The rule, stated in docs/strategies/queue.md:
 *
 * <ol>
 *   <li>Each core is projected free at the projected end of what it runs (now if it asks), each
 *       chunk to take its work x its executor's projected ms per unit ({@link ChunkSpeeds}). A
 *       chunk running past its projected time is projected to need as long again as it has run.
 *   <li>An asking core gets the first chunk that an earliest-finish plan gives it: the pending
 *       chunks, largest first, each to the core among its holders' that would finish it first (the
 *       asker on ties). A core the plan gives nothing waits: the last chunks go to faster cores.
 *   <li>With no pending chunk for it, a core copies the running chunk it holds whose copy it would
 *       finish first by the largest margin; the first copy done counts, the others are cancelled.
 * </ol>
 *
 * <p>Cores are numbered executor x C + k for C cores per executor. Not thread-safe: the driver's
 * endpoint serialises the asks.
 */
public final class ChunkQueue {

  /** What {@link #ask} answers when the core should wait: ask again after a commit or a recheck. */
  public static final int WAIT = -1;

  /** How long after a threshold a recheck comes: the queue's comparisons are strict. */
  private static final double RECHECK_AFTER_MS = 1e-3;

  private final StealPlan plan;
  private final double[] work;
  private final int coresPerExecutor;
  private final ChunkSpeeds speeds;
  private final int[][] holders;
  private final Integer[] largestFirst;
  private final int[] runningChunk;
  private final double[] startMs;
  private final double[] expectedMs;
  private final BitSet done;
  private final BitSet running;

  /**
   * A queue over {@code plan}'s chunks, chunk c of {@code work[c]} units, on executors of {@code
   * coresPerExecutor} cores whose speeds {@code speeds} keeps across iterations.
   */
  public ChunkQueue(StealPlan plan, double[] work, int coresPerExecutor, ChunkSpeeds speeds) {
    if (work.length != plan.numChunks() || coresPerExecutor < 1) {
      throw new IllegalArgumentException(
          "chunk queue: one work per chunk ("
              + plan.numChunks()
              + ", got "
              + work.length
              + ") and cores per executor >= 1 (got "
              + coresPerExecutor
              + ")");
    }
    this.plan = plan;
    this.work = work.clone();
    this.coresPerExecutor = coresPerExecutor;
    this.speeds = speeds;
    this.holders = new int[plan.numChunks()][];
    for (int c = 0; c < holders.length; c++) {
      holders[c] = distinctHolders(c);
    }
    this.largestFirst = new Integer[plan.numChunks()];
    Arrays.setAll(largestFirst, c -> c);
    Arrays.sort(
        largestFirst,
        Comparator.comparingDouble((Integer c) -> -this.work[c]).thenComparing(c -> c));
    int cores = plan.executors() * coresPerExecutor;
    this.runningChunk = new int[cores];
    this.startMs = new double[cores];
    this.expectedMs = new double[cores];
    this.done = new BitSet(plan.numChunks());
    this.running = new BitSet(plan.numChunks());
    start();
  }

  private int[] distinctHolders(int chunk) {
    return IntStream.range(0, plan.copies())
        .map(k -> plan.executorOf(plan.taskOf(chunk, k)))
        .distinct()
        .toArray();
  }

  /** A new iteration: every chunk pending, every core free. */
  public void start() {
    Arrays.fill(runningChunk, WAIT);
    done.clear();
    running.clear();
    speeds.startIteration();
  }

  /** The number of cores: executors x cores per executor. */
  public int cores() {
    return runningChunk.length;
  }

  /** The executor of core {@code core}. */
  public int executorOf(int core) {
    return core / coresPerExecutor;
  }

  /** The work of chunk {@code chunk}. */
  public double work(int chunk) {
    return work[chunk];
  }

  /** Whether every chunk is done. */
  public boolean done() {
    return done.cardinality() == plan.numChunks();
  }

  /** The chunk {@code core} runs, or {@link #WAIT}. */
  public int runningOn(int core) {
    return runningChunk[core];
  }

  /**
   * The chunk free core {@code core} computes next (it is then running there), or {@link #WAIT}.
   */
  public int ask(int core, double nowMs) {
    if (runningChunk[core] != WAIT) {
      throw new IllegalStateException("chunk queue: core " + core + " asked while running");
    }
    noteOverdue(nowMs);
    int chunk = planned(core, nowMs);
    if (chunk == WAIT) {
      chunk = copyToMake(core, nowMs);
    }
    if (chunk != WAIT) {
      runningChunk[core] = chunk;
      startMs[core] = nowMs;
      expectedMs[core] = work[chunk] * speeds.msPerWork(executorOf(core));
      running.set(chunk);
    }
    return chunk;
  }

  /**
   * {@code core} finished its chunk at {@code nowMs}: true if it is the chunk's first copy done
   * (its result counts), false for a later one. The core is free again either way.
   */
  public boolean commit(int core, double nowMs) {
    int chunk = runningChunk[core];
    if (chunk == WAIT) {
      throw new IllegalStateException("chunk queue: core " + core + " committed with no chunk");
    }
    speeds.noteFinished(executorOf(core), work[chunk], nowMs - startMs[core]);
    free(core);
    if (done.get(chunk)) {
      return false;
    }
    done.set(chunk);
    return true;
  }

  /** The cores still running a copy of {@code chunk}: after its commit, the copies to cancel. */
  public List<Integer> coresRunning(int chunk) {
    List<Integer> cores = new ArrayList<>();
    for (int c = 0; c < runningChunk.length; c++) {
      if (runningChunk[c] == chunk) {
        cores.add(c);
      }
    }
    return cores;
  }

  /** Frees {@code core} of its chunk without a result (its copy was cancelled). */
  public void cancel(int core) {
    free(core);
  }

  private void free(int core) {
    int chunk = runningChunk[core];
    runningChunk[core] = WAIT;
    if (chunk != WAIT && coresRunning(chunk).isEmpty()) {
      running.clear(chunk);
    }
  }

  /**
   * When waiting core {@code core} should ask again even if nothing is committed: the first moment
   * after {@code nowMs} at which a running chunk goes past its projected time, or at which a chunk
   * it holds has run as long as the core would take for it; infinity if none.
   */
  public double recheckMs(int core, double nowMs) {
    double next = Double.POSITIVE_INFINITY;
    int executor = executorOf(core);
    for (int c = 0; c < runningChunk.length; c++) {
      int chunk = runningChunk[c];
      if (chunk == WAIT || done.get(chunk)) {
        continue;
      }
      double overdue = startMs[c] + expectedMs[c];
      double copyPays =
          holds(executor, chunk) && !runsOn(executor, chunk)
              ? startMs[c] + work[chunk] * speeds.msPerWork(executor)
              : Double.POSITIVE_INFINITY;
      for (double t : new double[] {overdue, Math.max(overdue, copyPays)}) {
        if (t + RECHECK_AFTER_MS > nowMs) {
          next = Math.min(next, t + RECHECK_AFTER_MS);
        }
      }
    }
    return next;
  }

  private void noteOverdue(double nowMs) {
    for (int c = 0; c < runningChunk.length; c++) {
      if (runningChunk[c] != WAIT) {
        speeds.noteRunning(executorOf(c), work[runningChunk[c]], nowMs - startMs[c]);
      }
    }
  }

  private double projectedEnd(int core, double nowMs) {
    double elapsed = nowMs - startMs[core];
    return elapsed < expectedMs[core] ? startMs[core] + expectedMs[core] : nowMs + elapsed;
  }

  /** The first pending chunk the earliest-finish plan gives {@code asker}, or {@link #WAIT}. */
  private int planned(int asker, double nowMs) {
    double[] free = new double[runningChunk.length];
    for (int c = 0; c < free.length; c++) {
      free[c] = runningChunk[c] == WAIT ? nowMs : projectedEnd(c, nowMs);
    }
    for (int chunk : largestFirst) {
      if (done.get(chunk) || running.get(chunk)) {
        continue;
      }
      int best = WAIT;
      double bestEnd = Double.POSITIVE_INFINITY;
      for (int executor : holders[chunk]) {
        double ms = work[chunk] * speeds.msPerWork(executor);
        for (int k = 0; k < coresPerExecutor; k++) {
          int c = executor * coresPerExecutor + k;
          double end = free[c] + ms;
          if (end < bestEnd || (end == bestEnd && c == asker)) {
            best = c;
            bestEnd = end;
          }
        }
      }
      if (best == asker) {
        return chunk;
      }
      free[best] = bestEnd;
    }
    return WAIT;
  }

  /** The running chunk whose copy {@code asker} would finish first by the most, or WAIT. */
  private int copyToMake(int asker, double nowMs) {
    int executor = executorOf(asker);
    double msPerWork = speeds.msPerWork(executor);
    int best = WAIT;
    double bestMargin = 0;
    for (int chunk = running.nextSetBit(0); chunk >= 0; chunk = running.nextSetBit(chunk + 1)) {
      if (done.get(chunk) || !holds(executor, chunk) || runsOn(executor, chunk)) {
        continue;
      }
      double end = Double.POSITIVE_INFINITY;
      for (int c : coresRunning(chunk)) {
        end = Math.min(end, projectedEnd(c, nowMs));
      }
      double margin = end - (nowMs + work[chunk] * msPerWork);
      if (margin > bestMargin) {
        best = chunk;
        bestMargin = margin;
      }
    }
    return best;
  }

  private boolean holds(int executor, int chunk) {
    for (int h : holders[chunk]) {
      if (h == executor) {
        return true;
      }
    }
    return false;
  }

  private boolean runsOn(int executor, int chunk) {
    for (int k = 0; k < coresPerExecutor; k++) {
      if (runningChunk[executor * coresPerExecutor + k] == chunk) {
        return true;
      }
    }
    return false;
  }
}
