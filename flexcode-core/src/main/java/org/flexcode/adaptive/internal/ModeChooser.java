package org.flexcode.adaptive.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.flexcode.adaptive.internal.ModeChoice.Predictions;

/**
 * {@code auto}'s choice, before each iteration, among the modes one cached {@code steal} layout
 * supports ({@link Mode}): {@code bsp}, {@code steal} and {@code ignore:b} (never ignore when the
 * user asks for exact sums). The fastest mode depends on the straggler pattern, which is not known
 * in advance, so each is predicted, in ms per full pass over the data, from the same home-chunk
 * times of the last {@code window} iterations, whichever mode ran: bsp waits for the slowest
 * worker; steal lies between perfect balancing and the moment a slow worker's running chunk gets
 * copied; ignore:b drops the b slowest workers and is divided by the progress such an iteration
 * keeps ({@link GradientSpread}). Workers are timed by the chunks they ran ({@link WorkerPace}). A
 * home chunk another mode cut short counts at the larger of its cut and its last observed time
 * ({@link #FOREVER}), so a straggler being worked around stays slow in the estimate. Each
 * prediction is scaled by what its mode measured against its forecasts ({@link ModeCalibration}),
 * so costs the model misses are corrected by what the mode did. Switching, with 10% hysteresis:
 * {@link ModeSwitching}; without history the mode is bsp. The formulas and the runs behind them:
 * docs/strategies/auto.md; results: docs/BENCHMARKS.md, section Also asked.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it.
 */
public final class ModeChooser {

  /** The hysteresis: a switch needs a prediction this much lower (or simpler and this close). */
  public static final double MARGIN = 0.10;

  /**
   * How long a censored chunk's (and a worker's) last observation stands in for it: until a newer
   * one replaces it. Aged out, a straggler that ignore or steal has long worked around would look
   * only as slow as the cut, and bsp and steal would look cheap: under a persistent straggler
   * {@code auto} then left ignore for steal and bsp long after it last saw the straggler finish
   * (docs/strategies/auto.md). A recovered worker is seen again when one of its home chunks
   * finishes before the cut.
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
