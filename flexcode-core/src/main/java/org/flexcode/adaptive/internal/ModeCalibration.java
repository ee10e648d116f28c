package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.Map;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.flexcode.metrics.SampleStats;

/**
 * How far {@link ModeChooser}'s forecasts of each mode are from what that mode measured: for each
 * mode, the ratios (measured iteration ms / the ms forecast for that iteration before it ran) of
 * the last {@code window} iterations it ran, forgotten once {@code memory} iterations old. A mode's
 * factor is the ratios' median, clamped to [{@link #MIN_FACTOR}, {@link #MAX_FACTOR}], and 1 for a
 * mode with fewer than {@link #MIN_RATIOS}: the model is trusted until measured. The median, not
 * the mean, so that the iteration a straggler appears or recovers in (a forecast from the history
 * before the change) does not set the factor alone once the mode has run a few iterations. The
 * chooser multiplies each mode's prediction by its factor.
 *
 * <p>Plain Java, not thread-safe.
 */
final class ModeCalibration {

  /** The ratios a mode needs before its factor counts: one forecast that missed is not a bias. */
  static final int MIN_RATIOS = 3;

  /** The smallest factor applied: a model wrong by more than 2x is not trusted to be that wrong. */
  static final double MIN_FACTOR = 0.5;

  /** The largest factor applied. */
  static final double MAX_FACTOR = 2.0;

  private final int window;
  private final int memory;
  private final Map<Mode, Deque<double[]>> ratios = new EnumMap<>(Mode.class);
  private int iteration;

  ModeCalibration(int window, int memory) {
    this.window = window;
    this.memory = memory;
    for (Mode m : Mode.values()) {
      ratios.put(m, new ArrayDeque<>());
    }
  }

  /**
   * Records one iteration of {@code mode}: its forecast and measured ms. Without a finite positive
   * forecast (NaN: none from a steady history) no ratio is kept, but the iteration still ages the
   * others.
   */
  void record(Mode mode, double forecastMs, double measuredMs) {
    iteration++;
    if (forecastMs > 0 && measuredMs > 0 && Double.isFinite(forecastMs)) {
      Deque<double[]> seen = ratios.get(mode);
      seen.addLast(new double[] {iteration, measuredMs / forecastMs});
      while (seen.size() > window) {
        seen.removeFirst();
      }
    }
    for (Deque<double[]> seen : ratios.values()) {
      while (!seen.isEmpty() && iteration - seen.peekFirst()[0] >= memory) {
        seen.removeFirst();
      }
    }
  }

  /** Whether {@code mode} ran recently enough, and often enough, to have a measured factor. */
  boolean measured(Mode mode) {
    return ratios.get(mode).size() >= MIN_RATIOS;
  }

  /** The factor of {@code mode}'s prediction: its measured ratios' median, or 1 unmeasured. */
  double factor(Mode mode) {
    if (!measured(mode)) {
      return 1.0;
    }
    double median = SampleStats.median(ratios.get(mode).stream().mapToDouble(r -> r[1]).toArray());
    return Math.max(MIN_FACTOR, Math.min(MAX_FACTOR, median));
  }
}
