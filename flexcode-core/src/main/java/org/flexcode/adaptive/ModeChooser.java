package org.flexcode.adaptive;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.flexcode.adaptive.ModeChoice.Mode;
import org.flexcode.adaptive.ModeChoice.Predictions;

/**
 * {@code auto}'s choice before each iteration among the modes one cached {@code steal} layout
 * supports ({@link Mode}): {@code bsp}, {@code steal} and {@code ignore:b} (the last never when the
 * user asks for exact sums).
 *
 * <p>The input is each home chunk's observed time (ms from the iteration's submission to its
 * arrival) over the last {@code window} iterations, and which worker holds each home chunk (the
 * executor; in local mode, with one executor, each chunk is its own worker: a core). For each
 * iteration i of the history let S_g be worker g's span (the latest of its home chunks), R_g its
 * records, R = sum R_g and o_i the iteration's fixed cost; the model predicts, in ms per full pass
 * over the data:
 *
 * <ul>
 *   <li>bsp: mean over i of (max(max_g S_g, F_i) + o_i): every chunk is waited for (at its home or
 *       on a holder that took it). F_i ({@link WorkerPace}) is 0 unless iteration i left chunks out
 *       (censored) while a worker's own time (below) was over 1.5 x the median worker's: then the
 *       end of the last iteration that waited for every chunk, since the spans of an iteration that
 *       did not wait understate a wait;
 *   <li>steal: mean over i of (max(B_i, min(max(t_max, F_i), c t_med)) + o_i). B_i = R / sum_g (R_g
 *       / S_g) is perfect balancing (the model's {@code balanced} rule), each worker computing at
 *       its observed rate R_g / S_g, idle holders taking the slow workers' pending chunks; but work
 *       already running on a slow worker is only copied once it has run a multiple of the median
 *       time t_med, so the iteration cannot end before the slowest chunk's time t_max capped at c
 *       t_med. With one chunk per block c = late + 1: a chunk is copied after {@code late} x t_med
 *       and the copy takes about t_med more. With k > 1 chunks per block the home work runs as
 *       block tasks while nobody straggles (t_med a block's time), and idle holders take a slow
 *       block's chunks, one each, after {@link CopyThresholds#IDLE_TAKEOVER} x t_med, each taking
 *       t_med / k: c = min(late + 1, IDLE_TAKEOVER + 1 / k). With even times steal predicts what
 *       bsp does (t_max), so bsp is kept;
 *   <li>ignore:b (b from 1 up to the largest that keeps {@code floor} of the records): sum over i
 *       of (T_i(b) + o_i) / sum over i of q_i(b), T_i(b) the own time of all workers but the b
 *       slowest and q_i(b) the progress such an iteration keeps, an exact one's being 1: once the
 *       engine has reported the workers' gradients ({@link #observeGradients}), the q(b) their
 *       spread allows ({@link GradientSpread}: near 1 when the workers' gradients agree, as on data
 *       shuffled into blocks); until then the share of the records the kept workers hold, as {@link
 *       BackupChooser} discounts; the largest b within {@link BackupChooser#TIE} of the lowest is
 *       kept (one too small waits out a straggler that appears, as {@code auto} did twice under
 *       markov at b = 1 in the bench at c4aae47 (docs/BENCHMARKS.md), 2.1 s each, while one too
 *       large costs the little progress the spread allows). A worker's own time ({@link
 *       WorkerPace}) is what its own home chunks take at the rate it showed, whichever worker's
 *       home the chunks it ran were ({@link #observe(TaskTimes, int[])}): in bsp and steal holders
 *       take a slow worker's pending chunks, so every span ends near the iteration's end while the
 *       own times still show who is slow (ignore runs home copies at home).
 * </ul>
 *
 * All three predictions come from the same per-chunk home times, whichever mode ran, so a mode that
 * has not run is estimated from the others' times: under steal or ignore a slow worker's home copy
 * may be superseded or cancelled, its time then only known to exceed the moment the iteration ended
 * (censored); it counts at the larger of that bound and its last observed time, however old ({@link
 * #FOREVER}), so a persistent straggler stays slow in the estimate while it is worked around, and a
 * recovered one is seen as soon as its home copy finishes first again.
 *
 * <p>Each prediction is then scaled by what its mode measured ({@link ModeCalibration}): the
 * median, over the last 2 x {@code window} iterations the mode ran, of the measured iteration ms
 * over the ms forecast for it (1 for a mode that has not yet run {@link ModeCalibration#MIN_RATIOS}
 * such iterations). A measured factor stands until newer ratios replace it: forgotten after 4 x
 * window iterations, as it was, steal's came back to 1 and {@code auto} ran steal again for three
 * iterations to measure it anew (the bench at 6eb93cc under power-law, iterations 28-30, 802-1,001
 * ms against ignore's ~730). A ratio counts only when the history it was forecast from was steady
 * (each iteration's term within 25% of their mean): across a straggler's arrival or recovery the
 * forecast is wrong by the change, not by the model. So costs the model misses (a copy's launch and
 * kill, the wait for a quorum) and a mode's forecast from the other modes' observations (bsp's from
 * iterations where holders took a straggler's chunks) are corrected by what the mode did.
 *
 * <p>Switching, with 10% hysteresis: {@link ModeSwitching}. Without history the mode is bsp.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it.
 */
public final class ModeChooser {

  /** The hysteresis: a switch needs a prediction this much lower (or simpler and this close). */
  public static final double MARGIN = 0.10;

  /**
   * How long a censored chunk's (and a worker's) last observation stands in for it: until a newer
   * one replaces it. Aged out, a straggler that ignore or steal has long worked around would look
   * only as slow as the cut, and bsp and steal would look cheap (the bench at 49c084a: under a
   * persistent straggler {@code auto} left ignore:b=1 for steal and bsp at iteration 25, 20
   * iterations after it last saw the straggler finish). A recovered worker is seen again when one
   * of its home chunks finishes before the cut.
   */
  static final int FOREVER = Integer.MAX_VALUE / 4;

  /** A history is steady when each iteration's forecast term is within 25% of their mean. */
  static final double STEADY = 0.25;

  private final int[] workerOf;
  private final int workers;
  private final long[] records;
  private final long[] workerRecords;
  private final long total;
  private final boolean exact;
  private final int window;
  private final int maxB;
  private final double copiedBy;
  private final TimeHistory history;
  private final WorkerPace pace;
  private final ModeCalibration calibration;
  private final GradientSpread spread;
  private Mode current = Mode.BSP;
  private double forecastMs = Double.NaN; // the current mode's iteration, as the model forecast it

  /**
   * A chooser for home chunks held by workers {@code workerOf[c]} (0 .. W-1) with {@code
   * records[c]} records each; {@code exact} rules out ignore; ignore keeps at least {@code floor}
   * of the records; the last {@code window} iterations are the history; steal launches a late copy
   * after {@code late} (>= 1) x the median chunk time, and cuts each block into {@code
   * chunksPerBlock} chunks.
   */
  public ModeChooser(
      int[] workerOf,
      long[] records,
      boolean exact,
      double floor,
      int window,
      double late,
      int chunksPerBlock) {
    if (!(late >= 1)) {
      throw new IllegalArgumentException("auto: late (copy threshold) must be >= 1, got " + late);
    }
    if (chunksPerBlock < 1) {
      throw new IllegalArgumentException(
          "auto: chunks per block must be >= 1, got " + chunksPerBlock);
    }
    this.copiedBy = CopyThresholds.copiedByMultiple(late, chunksPerBlock);
    if (workerOf == null || records == null || workerOf.length != records.length) {
      throw new IllegalArgumentException("auto: one worker and one record count per home chunk");
    }
    if (workerOf.length == 0) {
      throw new IllegalArgumentException("auto needs at least one home chunk");
    }
    BackupChooser.checkFloor(floor);
    BackupChooser.checkWindow(window);
    this.workerOf = workerOf.clone();
    this.workers = Arrays.stream(workerOf).max().getAsInt() + 1;
    this.records = records.clone();
    this.workerRecords = new long[workers];
    for (int c = 0; c < workerOf.length; c++) {
      if (workerOf[c] < 0) {
        throw new IllegalArgumentException("auto: chunk " + c + "'s worker must be >= 0");
      }
      workerRecords[workerOf[c]] += records[c];
    }
    this.total = Arrays.stream(records).sum();
    this.exact = exact;
    this.window = window;
    this.maxB = exact ? 0 : BackupChooser.largestB(workerRecords, floor);
    this.history = new TimeHistory(records.length, window);
    this.pace = new WorkerPace(workerOf, records, window, FOREVER);
    this.calibration = new ModeCalibration(2 * window, FOREVER);
    this.spread = new GradientSpread(window);
  }

  /** The choice for the next iteration (it becomes the current mode). */
  public ModeChoice choose() {
    if (history.isEmpty()) {
      current = Mode.BSP;
      forecastMs = Double.NaN;
      return new ModeChoice(
          Mode.BSP, Predictions.NONE, false, "mode=bsp; no history yet, every chunk at its home");
    }
    List<Terms> terms = terms();
    Predictions p = calibrated(forecast(terms));
    Mode previous = current;
    String why = switchTo(p);
    forecastMs = steadyForecast(terms, current == Mode.IGNORE ? p.ignoreB() : 0);
    boolean switched = current != previous;
    String reason =
        String.format(
            Locale.ROOT,
            "mode=%s; %s; predicted ms per pass over the last %d iterations: bsp %.0f%s, steal"
                + " %.0f%s%s",
            new ModeChoice(current, p, switched, "").label(),
            why,
            history.size(),
            p.bspMs(),
            factorNote(Mode.BSP),
            p.stealMs(),
            factorNote(Mode.STEAL),
            maxB > 0
                ? String.format(
                    Locale.ROOT,
                    ", ignore:b=%d %.0f%s%s",
                    p.ignoreB(),
                    p.ignoreMs(),
                    factorNote(Mode.IGNORE),
                    progressNote(p.ignoreB()))
                : "");
    return new ModeChoice(current, p, switched, reason);
  }

  /**
   * The current mode's forecast iteration ms (the mean of its terms), or NaN unless the history was
   * steady: every term within {@link #STEADY} of the mean. A forecast from a history that a
   * straggler's arrival or recovery just changed is wrong by the change, not by the model's bias,
   * and is not compared with the measurement.
   */
  private double steadyForecast(List<Terms> terms, int b) {
    double[] ms = terms.stream().mapToDouble(t -> t.of(current, b)).toArray();
    double mean = Arrays.stream(ms).average().orElse(Double.NaN);
    for (double m : ms) {
      if (!(Math.abs(m - mean) <= STEADY * mean)) {
        return Double.NaN;
      }
    }
    return mean;
  }

  /** " (x1.20 measured)" when {@code mode}'s prediction is scaled by a measured factor. */
  private String factorNote(Mode mode) {
    return calibration.measured(mode)
        ? String.format(Locale.ROOT, " (x%.2f measured)", calibration.factor(mode))
        : "";
  }

  /** " (progress 0.990 by the gradients' spread rho=0.08)" when ignore's progress is measured. */
  private String progressNote(int b) {
    return spread.known() && b >= 1
        ? String.format(
            Locale.ROOT,
            " (progress %.3f by the gradients' spread rho=%.3g)",
            spread.progress(b, workers),
            spread.rho())
        : "";
  }

  /** Each mode's per-pass prediction times its measured factor ({@link ModeCalibration}). */
  private Predictions calibrated(Predictions raw) {
    return new Predictions(
        raw.bspMs() * calibration.factor(Mode.BSP),
        raw.stealMs() * calibration.factor(Mode.STEAL),
        raw.ignoreMs() * calibration.factor(Mode.IGNORE),
        raw.ignoreB());
  }

  /** Sets {@link #current} by the switching rule ({@link ModeSwitching}); says why. */
  private String switchTo(Predictions p) {
    ModeSwitching.Outcome next =
        ModeSwitching.decide(current, p, m -> m.isExact() || (!exact && maxB > 0));
    current = next.mode();
    return next.why();
  }

  /**
   * Whether the last three iterations (not the first, a cold read) each waited for every home chunk
   * and showed no worker over 1.5 x the median worker's own time: no straggler seen.
   */
  public boolean calm() {
    return pace.calm();
  }

  /** Records what the last iteration showed of the home chunks' times, each run at its home. */
  public void observe(TaskTimes times) {
    observe(times, workerOf);
  }

  /**
   * Records what the last iteration showed of the home chunks' times; {@code ranBy[c]}: the worker
   * that ran chunk c (a holder of it may have), -1 where unknown.
   */
  public void observe(TaskTimes times, int[] ranBy) {
    if (times.tasks() != records.length || ranBy.length != records.length) {
      throw new IllegalArgumentException(
          "auto: times of " + times.tasks() + " home chunks, expected " + records.length);
    }
    history.add(times, c -> FOREVER);
    pace.add(times, ranBy);
    double measured = Arrays.stream(times.responseMs()).max().getAsDouble() + times.overheadMs();
    calibration.record(current, forecastMs, measured); // NaN (no steady forecast): only ages
    forecastMs = Double.NaN;
  }

  /**
   * Records the spread of the workers' gradients in the last iteration ({@link GradientSpread}):
   * {@code workerSums[w]} the sum of worker w's home chunks' gradients (null if any is missing).
   */
  public void observeGradients(double[][] workerSums) {
    if (workerSums.length != workers) {
      throw new IllegalArgumentException(
          "auto: gradients of " + workerSums.length + " workers, expected " + workers);
    }
    observeSpread(GradientSpread.relative(workerSums, workerRecords));
  }

  /**
   * Records the relative spread rho of the workers' gradients in the last iteration ({@link
   * GradientSpread#relative}) as measured elsewhere: the model's replay of a workload whose spread
   * the engine measured. NaN is not a measurement.
   */
  public void observeSpread(double rho) {
    spread.record(rho);
  }

  /** Each mode's predicted ms per pass over the history (the model alone). */
  private Predictions forecast(List<Terms> terms) {
    double bsp = 0;
    double steal = 0;
    double[] ignoreMs = new double[maxB + 1];
    double[] ignoreShare = new double[maxB + 1];
    for (Terms t : terms) {
      bsp += t.bspMs();
      steal += t.stealMs();
      for (int b = 1; b <= maxB; b++) {
        ignoreMs[b] += t.ignoreMs()[b];
        ignoreShare[b] += t.ignoreShare()[b];
      }
    }
    double[] pass = new double[maxB + 1];
    double lowest = Double.POSITIVE_INFINITY;
    for (int b = 1; b <= maxB; b++) {
      pass[b] = ignorePass(ignoreMs[b], ignoreShare[b], b);
      lowest = Math.min(lowest, pass[b]);
    }
    int bestB = maxB;
    while (bestB > 1 && !(pass[bestB] <= (1 + BackupChooser.TIE) * lowest)) {
      bestB--;
    }
    int k = history.size();
    return new Predictions(bsp / k, steal / k, bestB >= 1 ? pass[bestB] : Double.NaN, bestB);
  }

  /**
   * Ignore's ms per pass from the sums over the history of its iteration ms and of its shares:
   * iteration ms over the progress the gradients' spread allows once measured, else over the share
   * of the records aggregated.
   */
  private double ignorePass(double msSum, double shareSum, int b) {
    if (!spread.known()) {
      return msSum / shareSum;
    }
    double progress = spread.progress(b, workers);
    return progress > 0 ? msSum / history.size() / progress : Double.POSITIVE_INFINITY;
  }

  /**
   * One iteration of the history as the model sees it: the ms of bsp, of steal and of ignore:b for
   * each b (fixed cost included), and the share of the records ignore:b aggregates.
   */
  private record Terms(double bspMs, double stealMs, double[] ignoreMs, double[] ignoreShare) {

    /** The model's ms for the iteration in {@code mode} (ignore leaving out {@code b}). */
    double of(Mode mode, int b) {
      return switch (mode) {
        case BSP -> bspMs;
        case STEAL -> stealMs;
        case IGNORE -> b >= 1 && b < ignoreMs.length ? ignoreMs[b] : Double.NaN;
      };
    }
  }

  /** The model's terms of each iteration of the history, oldest first. */
  private List<Terms> terms() {
    List<Terms> terms = new ArrayList<>();
    Iterator<Double> overhead = history.overheads().iterator();
    Iterator<WorkerPace.View> paces = pace.views().iterator();
    for (double[] times : history.estimates()) {
      terms.add(termsOf(times, overhead.next(), paces.next()));
    }
    return terms;
  }

  private Terms termsOf(double[] times, double o, WorkerPace.View view) {
    double[] span = spans(times);
    double[] alone = view.ownMsOr(span);
    double rate = 0;
    for (int g = 0; g < workers; g++) {
      rate += workerRecords[g] / Math.max(1.0, span[g]);
    }
    double bsp = Math.max(Arrays.stream(span).max().getAsDouble(), view.waitFloorMs()) + o;
    double[] sorted = times.clone();
    Arrays.sort(sorted);
    double longest = Math.max(sorted[sorted.length - 1], view.waitFloorMs());
    double copied = Math.min(longest, copiedBy * sorted[sorted.length / 2]);
    double steal = Math.max(rate > 0 ? total / rate : 0, copied) + o;
    double[] ignoreMs = new double[maxB + 1];
    double[] ignoreShare = new double[maxB + 1];
    Integer[] order = slowestFirst(alone);
    long kept = total;
    for (int b = 1; b <= maxB; b++) {
      kept -= workerRecords[order[b - 1]];
      ignoreMs[b] = alone[order[b]] + o;
      ignoreShare[b] = total > 0 ? (double) kept / total : 1;
    }
    return new Terms(bsp, steal, ignoreMs, ignoreShare);
  }

  /** Each worker's span: the latest of its home chunks' times. */
  private double[] spans(double[] times) {
    double[] span = new double[workers];
    for (int c = 0; c < times.length; c++) {
      span[workerOf[c]] = Math.max(span[workerOf[c]], times[c]);
    }
    return span;
  }

  private Integer[] slowestFirst(double[] span) {
    Integer[] order = new Integer[span.length];
    for (int g = 0; g < order.length; g++) {
      order[g] = g;
    }
    Arrays.sort(order, (x, y) -> Double.compare(span[y], span[x]));
    return order;
  }
}
