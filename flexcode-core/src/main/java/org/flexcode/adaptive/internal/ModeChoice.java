package org.flexcode.adaptive.internal;

/**
 * One iteration's choice of {@code auto}: the {@link Mode} to run, the {@link Predictions} it was
 * chosen from, whether it is a switch from the previous iteration's mode, and why (for the log and
 * the iteration record).
 */
public record ModeChoice(Mode mode, Predictions predicted, boolean switched, String reason) {

  /** The modes one cached {@code steal} layout supports, simplest first. */
  public enum Mode {
    /** Home copies only, every chunk waited for (exact). */
    BSP,
    /** Home copies, then moves and late copies of other holders' copies (exact). */
    STEAL,
    /** Home copies, the b slowest workers' chunks left out, rescaled (inexact). */
    IGNORE;

    /** Whether the mode's aggregate is the exact full sum. */
    public boolean isExact() {
      return this != IGNORE;
    }
  }

  /**
   * Predicted ms per full pass over the data (an iteration's time divided by the share of the
   * records it aggregates) of each mode; {@code ignoreB} is the best b for ignore; NaN where a mode
   * was not considered or there is no history yet.
   */
  public record Predictions(double bspMs, double stealMs, double ignoreMs, int ignoreB) {

    /** No history: nothing predicted. */
    public static final Predictions NONE = new Predictions(Double.NaN, Double.NaN, Double.NaN, 0);

    /** The prediction of {@code mode}. */
    public double of(Mode mode) {
      return switch (mode) {
        case BSP -> bspMs;
        case STEAL -> stealMs;
        case IGNORE -> ignoreMs;
      };
    }
  }

  /** The b the iteration leaves out: {@code predicted.ignoreB()} in {@link Mode#IGNORE}, else 0. */
  public int b() {
    return mode == Mode.IGNORE ? predicted.ignoreB() : 0;
  }

  /** The mode's spec-like label: {@code bsp}, {@code steal} or {@code ignore:b=B}. */
  public String label() {
    return switch (mode) {
      case BSP -> "bsp";
      case STEAL -> "steal";
      case IGNORE -> "ignore:b=" + b();
    };
  }
}
