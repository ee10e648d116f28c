package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;

/**
 * Each worker's pace over the last {@code window} iterations, as {@link ModeChooser} reads it when
 * holders may run other workers' home chunks: per iteration, each worker's <em>own time</em>, when
 * it had done as many records as its own home chunks hold (the arrival of the chunk, its own or
 * another worker's, that took its finished records there; if it finished fewer, its latest arrival
 * scaled by the records missing), else its last own time while at most {@code memory} iterations
 * old, else unknown; and the <em>wait floor</em>: 0, unless the iteration left chunks out
 * (censored) while some worker's own time was over {@link #SLOW} x the median worker's, then the
 * end of the last iteration that waited for every chunk (while the straggler is still seen, that
 * wait is what waiting for everyone would take). The pace is <em>calm</em> when the last {@link
 * #CALM} iterations, the first (a cold read of the cache) not counted, each waited for every chunk
 * and showed no worker that slow.
 *
 * <p>Plain Java, not thread-safe.
 */
final class WorkerPace {

  /** A worker this much slower than the median worker (own times) is a straggler. */
  static final double SLOW = 1.5;

  /** Iterations in a row without a straggler or a chunk left out that make the pace calm. */
  static final int CALM = 3;

  private final long[] records;
  private final long[] workerRecords;
  private final int window;
  private final int memory;
  private final double[] lastOwnMs;
  private final int[] lastOwnAt;
  private double lastFullMs;
  private int observed;
  private int calmInARow;
  private final Deque<View> views = new ArrayDeque<>();

  /** Chunk c is worker {@code workerOf[c]}'s home chunk of {@code records[c]} records. */
  WorkerPace(int[] workerOf, long[] records, int window, int memory) {
    this.records = records.clone();
    int workers = Arrays.stream(workerOf).max().orElse(0) + 1;
    this.workerRecords = new long[workers];
    for (int c = 0; c < workerOf.length; c++) {
      workerRecords[workerOf[c]] += records[c];
    }
    this.window = window;
    this.memory = memory;
    this.lastOwnMs = new double[workers];
    this.lastOwnAt = new int[workers];
    Arrays.fill(lastOwnAt, Integer.MIN_VALUE / 2);
  }

  /** One iteration: each worker's own time (NaN: unknown) and the wait floor (0: none). */
  record View(double[] ownMs, double waitFloorMs) {

    /** The own times, {@code fallback[g]} where unknown. */
    double[] ownMsOr(double[] fallback) {
      double[] own = ownMs.clone();
      for (int g = 0; g < own.length; g++) {
        own[g] = Double.isNaN(own[g]) ? fallback[g] : own[g];
      }
      return own;
    }
  }

  /**
   * Adds an iteration: the home chunks' times and {@code ranBy[c]}, who ran chunk c (-1: unknown).
   */
  void add(TaskTimes times, int[] ranBy) {
    double[] ms = times.responseMs();
    BitSet censored = times.censored();
    double[] own = ownTimes(ms, censored, ranBy);
    double floor = 0;
    boolean straggling = straggling(own);
    if (censored.isEmpty()) {
      lastFullMs = Arrays.stream(ms).max().orElse(0);
    } else if (straggling) {
      floor = lastFullMs;
    }
    if (observed > 0) { // the first iteration reads the cache cold
      calmInARow = censored.isEmpty() && !straggling ? calmInARow + 1 : 0;
    }
    observed++;
    views.addLast(new View(own, floor));
    if (views.size() > window) {
      views.removeFirst();
    }
  }

  /**
   * Whether the last {@link #CALM} iterations (not the first) each waited for every chunk with no
   * worker's own time over {@link #SLOW} x the median's.
   */
  boolean calm() {
    return calmInARow >= CALM;
  }

  /** The held iterations, oldest first. */
  List<View> views() {
    return new ArrayList<>(views);
  }

  private double[] ownTimes(double[] ms, BitSet censored, int[] ranBy) {
    int workers = workerRecords.length;
    List<List<Integer>> ran = new ArrayList<>();
    for (int g = 0; g < workers; g++) {
      ran.add(new ArrayList<>());
    }
    for (int c = 0; c < ms.length; c++) {
      if (!censored.get(c) && ranBy[c] >= 0 && ranBy[c] < workers) {
        ran.get(ranBy[c]).add(c);
      }
    }
    double[] own = new double[workers];
    for (int g = 0; g < workers; g++) {
      if (!ran.get(g).isEmpty()) {
        own[g] = ownTime(workerRecords[g], ran.get(g), ms);
        lastOwnMs[g] = own[g];
        lastOwnAt[g] = observed;
      } else {
        own[g] = observed - lastOwnAt[g] <= memory ? lastOwnMs[g] : Double.NaN;
      }
    }
    return own;
  }

  /**
   * When a worker that ran {@code chunks} (times {@code ms}) had done {@code ownRecords} records'
   * worth: the arrival that took its finished records to that many, or, if it ran fewer, the latest
   * arrival scaled by the records missing (it computes at the rate it showed).
   */
  private double ownTime(long ownRecords, List<Integer> chunks, double[] ms) {
    chunks.sort((x, y) -> Double.compare(ms[x], ms[y]));
    long done = 0;
    for (int c : chunks) {
      done += records[c];
      if (done >= ownRecords) {
        return ms[c];
      }
    }
    double latest = ms[chunks.get(chunks.size() - 1)];
    return done > 0 ? ownRecords * latest / done : latest;
  }

  /** Whether some worker's known own time is over {@link #SLOW} x the median known one. */
  private static boolean straggling(double[] own) {
    double[] known = Arrays.stream(own).filter(x -> !Double.isNaN(x)).sorted().toArray();
    return known.length > 1 && known[known.length - 1] > SLOW * known[known.length / 2];
  }
}
