package org.flexcode.adaptive.internal;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Dynamic backup workers: before each iteration, chooses how many of the slowest tasks ({@code b})
 * the iteration leaves out, to maximise progress per second over the recent history.
 *
 * <p>For each of the last {@code window} iterations i and each candidate b, the tasks are sorted by
 * their (estimated) response time t, as the engine would end iteration i with that b: after the
 * fastest n - b, t_i(b) = the (n - b)-th smallest time and r_i(b) = the records of those n - b
 * tasks; or, if that is past the deadline ({@link #DEADLINE_FACTOR} x the time of the floor's
 * quorum, the (n - maxB)-th smallest), at the deadline with the records of the tasks in before it.
 * A task cut at a deadline counts as missing the next ones (see {@link #observe}). The predicted
 * rate of b is sum_i r_i(b) / sum_i (t_i(b) + o_i), o_i the iteration's fixed cost, and the choice
 * is the largest b whose rate is within {@link #TIE} of the best: a b too small costs a deadline's
 * wait (1.5x the iteration) when a straggler appears, one too large at most the records it leaves
 * out, and five iterations estimate the rates only roughly. Candidates stop at the largest b that
 * keeps at least {@code floor} of all records even when the b largest blocks are the ones left out.
 * Without history, b = maxB: the first iteration cannot foresee its stragglers, and leaving out the
 * most the floor allows costs at most that share of one iteration's records.
 *
 * <p>A task left out of an iteration was cancelled: its time is only known to exceed the moment the
 * iteration ended (censored). It counts at the larger of that bound and the task's last observed
 * time, if that observation is at most 4 x window iterations old (a task that turned slow stays
 * slow in the estimate while it is left out; once the observation expires the task counts at the
 * bound, so b falls and the next iteration sees the task again). A task that recovers is seen as
 * soon as it finishes among the fastest n - b.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread (or the model) calls it.
 */
public final class BackupChooser {

  /**
   * An iteration that waits for more than the floor's quorum (n - maxB tasks) ends anyway, with the
   * tasks arrived by then, once it has run this multiple of the time the quorum took: the history
   * cannot foresee a straggler that appears (or the first iteration's), and this bounds what
   * waiting for it costs (1.5, as {@code spark.speculation.multiplier}).
   */
  public static final double DEADLINE_FACTOR = 1.5;

  /**
   * How far (relative) below the best predicted rate a larger b may be and still be chosen. In the
   * model (the bench's five straggler patterns, 8 x 2 tasks, 200 draws of 31 iterations), 3% toward
   * the larger b against 1% toward the smaller put {@code ignore:b=auto} at 1.023 against 1.029 of
   * its best static b under slow-worker, 1.028 against 1.026 under power-law and 0.967 against
   * 0.975 under markov.
   */
  static final double TIE = 0.03;

  private final long[] records;
  private final long total;
  private final int window;
  private final int maxB;
  private final double floor;
  private final TimeHistory history;
  private final int[] memory;

  /**
   * A chooser for tasks holding {@code blockRecords[i]} records each, keeping at least {@code
   * floor} (in (0, 1]) of the records, over the last {@code window} (>= 1) iterations.
   */
  public BackupChooser(long[] blockRecords, double floor, int window) {
    if (blockRecords == null || blockRecords.length == 0) {
      throw new IllegalArgumentException("ignore:b=auto needs at least one task");
    }
    checkFloor(floor);
    checkWindow(window);
    this.records = blockRecords.clone();
    this.total = Arrays.stream(records).sum();
    this.floor = floor;
    this.window = window;
    this.maxB = largestB(records, floor);
    this.history = new TimeHistory(records.length, window);
    this.memory = new int[records.length];
    Arrays.fill(memory, 4 * window);
  }

  /** Refuses a floor outside (0, 1]. */
  public static void checkFloor(double floor) {
    if (!(floor > 0 && floor <= 1)) {
      throw new IllegalArgumentException(
          "ignore:b=auto: floor (share of the records used) must be in (0, 1], got " + floor);
    }
  }

  /** Refuses a window below 1. */
  public static void checkWindow(int window) {
    if (window < 1) {
      throw new IllegalArgumentException(
          "ignore:b=auto: window (iterations of history) must be >= 1, got " + window);
    }
  }

  /** The largest b that keeps {@code floor} of the records even without the b largest blocks. */
  static int largestB(long[] blockRecords, double floor) {
    long[] sorted = blockRecords.clone();
    Arrays.sort(sorted);
    long all = Arrays.stream(sorted).sum();
    long kept = all;
    int b = 0;
    for (int j = sorted.length - 1; j > 0; j--) {
      kept -= sorted[j];
      if (kept < floor * all) {
        break;
      }
      b++;
    }
    return b;
  }

  /** The largest b this chooser considers. */
  public int maxB() {
    return maxB;
  }

  /** The choice for the next iteration. */
  public BackupChoice choose() {
    if (history.isEmpty()) {
      return new BackupChoice(
          maxB,
          Double.NaN,
          "b=" + maxB + ": no history yet, the most the floor allows are left out");
    }
    double[] rates = rates();
    double best = Arrays.stream(rates).max().getAsDouble();
    int chosen = maxB;
    while (rates[chosen] < (1 - TIE) * best) {
      chosen--;
    }
    return new BackupChoice(chosen, rates[chosen], reason(chosen, rates));
  }

  /**
   * Records what the last iteration showed (its n tasks' times). A task still running when its
   * iteration had run {@link #DEADLINE_FACTOR} x the median task (the deadline, or a b large enough
   * to reach that) counts as observed at {@link #DEADLINE_FACTOR} x that lower bound: the wait
   * showed it slow, it is only known to exceed the bound, and so recorded it misses the deadline of
   * a like iteration in the estimate (at the bound itself, the task times' jitter would let it
   * arrive just in time in half of them); it is not waited for again until the observation expires.
   */
  public void observe(TaskTimes times) {
    if (times.tasks() != records.length) {
      throw new IllegalArgumentException(
          "ignore:b=auto: times of " + times.tasks() + " tasks, expected " + records.length);
    }
    double[] ms = times.responseMs();
    BitSet censored = times.censored();
    double median = medianOf(ms, censored);
    double slow = 2 * median;
    BitSet unknown = (BitSet) censored.clone();
    for (int i = 0; i < ms.length; i++) {
      boolean cutSlow = censored.get(i) && ms[i] >= DEADLINE_FACTOR * median * (1 - 1e-9);
      if (cutSlow) {
        unknown.clear(i);
        ms[i] *= DEADLINE_FACTOR;
        if (!history.recent(i, memory[i])) {
          memory[i] = (int) Math.min(1 << 20, 2L * memory[i]); // a probe found it still slow
        }
      } else if (censored.get(i)) {
        continue;
      } else if (ms[i] <= slow) {
        memory[i] = 4 * window;
      } else if (!history.recent(i, memory[i]) && history.lastSeenMs(i) > slow) {
        memory[i] = (int) Math.min(1 << 20, 2L * memory[i]); // a probe found it still slow
      }
    }
    history.add(new TaskTimes(ms, unknown, times.overheadMs()), i -> memory[i]);
  }

  /** The median of the uncensored times (all of them if every one is censored). */
  private static double medianOf(double[] ms, BitSet censored) {
    double[] seen =
        IntStream.range(0, ms.length)
            .filter(i -> !censored.get(i))
            .mapToDouble(i -> ms[i])
            .sorted()
            .toArray();
    double[] values = seen.length > 0 ? seen : ms.clone();
    Arrays.sort(values);
    return values[values.length / 2];
  }

  /**
   * Predicted records per second for each b (0 .. maxB) when the b slowest tasks are left out; each
   * iteration's tasks are sorted once.
   */
  private double[] rates() {
    double[] aggregated = new double[maxB + 1];
    double[] ms = new double[maxB + 1];
    Iterator<Double> overhead = history.overheads().iterator();
    for (double[] times : history.estimates()) {
      int[] order = fastestFirst(times);
      double o = overhead.next();
      for (int b = 0; b <= maxB; b++) {
        double[] outcome = endOf(times, order, b);
        aggregated[b] += outcome[1];
        ms[b] += outcome[0] + o;
      }
    }
    double[] rates = new double[maxB + 1];
    for (int b = 0; b <= maxB; b++) {
      rates[b] = ms[b] > 0 ? aggregated[b] * 1000.0 / ms[b] : Double.POSITIVE_INFINITY;
    }
    return rates;
  }

  /** The tasks' indices by time, fastest first. */
  private static int[] fastestFirst(double[] times) {
    return IntStream.range(0, times.length)
        .boxed()
        .sorted((x, y) -> Double.compare(times[x], times[y]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /**
   * When an iteration with these task times ({@code order}: fastest first) would end with b left
   * out, and the records it would aggregate: {end ms, records}. Past the deadline, the tasks in
   * before it.
   */
  private double[] endOf(double[] times, int[] order, int b) {
    int kept = times.length - b;
    double deadline =
        b < maxB
            ? DEADLINE_FACTOR * times[order[times.length - maxB - 1]]
            : Double.POSITIVE_INFINITY;
    double end = Math.min(times[order[kept - 1]], deadline);
    double aggregated = 0;
    for (int k = 0; k < kept && times[order[k]] < deadline; k++) {
      aggregated += records[order[k]];
    }
    return new double[] {end, aggregated};
  }

  private String reason(int chosen, double[] rates) {
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "b=%d: %.0f records/s predicted over the last %d iterations (",
                chosen,
                rates[chosen],
                history.size()));
    for (int b = 0; b < rates.length; b++) {
      text.append(b == 0 ? "" : ", ").append(String.format(Locale.ROOT, "b=%d %.0f", b, rates[b]));
    }
    return text.append(
            String.format(
                Locale.ROOT, "; b <= %d keeps >= %.2f of %d records)", maxB, floor, total))
        .toString();
  }
}
