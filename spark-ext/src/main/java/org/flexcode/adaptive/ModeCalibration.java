package org.flexcode.adaptive;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.Map;
import org.flexcode.adaptive.ModeChoice.Mode;

/**
 * How far {@link ModeChooser}'s model of each mode is from what that mode measured: for each mode,
 * the ratios (measured iteration ms / the model's ms for that same iteration, from the task times
 * it showed) of the last {@code window} iterations it ran, forgotten once {@code memory} iterations
 * old. Comparing with the model of the iteration itself, not with the forecast made before it, the
 * ratio measures what the model misses (a copy's launch and kill, the wait for a quorum), not a
 * straggler appearing or recovering. A mode's factor is the ratios' mean, clamped to [{@link
 * #MIN_FACTOR}, {@link #MAX_FACTOR}], and 1 for a mode with no ratio: the model is trusted until
 * measured. The chooser multiplies each mode's prediction by its factor.
 *
 * <p>Plain Java, not thread-safe.
 */
final class ModeCalibration {

  /** The smallest factor applied: a model wrong by more than 2x is not trusted to be that wrong. */
  static final double MIN_FACTOR = 0.5;

  /** The largest factor applied. */
  static final double MAX_FACTOR = 2.0;

  /**
   * A measured mode whose factor is off 1 by more than this is "off": the model misses some of its
   * cost, so the chooser measures a mode it predicts lower before trusting the comparison.
   */
  static final double OFF_BY = 0.05;

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
   * Records one iteration of {@code mode}: the model's and the measured ms (ignored unless > 0).
   */
  void record(Mode mode, double modelMs, double measuredMs) {
    iteration++;
    if (modelMs > 0 && measuredMs > 0 && Double.isFinite(modelMs)) {
      Deque<double[]> seen = ratios.get(mode);
      seen.addLast(new double[] {iteration, measuredMs / modelMs});
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

  /** Whether {@code mode} ran recently enough to have a measured factor. */
  boolean measured(Mode mode) {
    return !ratios.get(mode).isEmpty();
  }

  /** The factor of {@code mode}'s prediction: its measured ratios' mean, or 1 unmeasured. */
  double factor(Mode mode) {
    Deque<double[]> seen = ratios.get(mode);
    if (seen.isEmpty()) {
      return 1.0;
    }
    double sum = 0;
    for (double[] r : seen) {
      sum += r[1];
    }
    return Math.max(MIN_FACTOR, Math.min(MAX_FACTOR, sum / seen.size()));
  }

  /** Whether {@code mode} is measured and its factor is off 1 by more than {@link #OFF_BY}. */
  boolean off(Mode mode) {
    return measured(mode) && Math.abs(factor(mode) - 1) > OFF_BY;
  }
}
