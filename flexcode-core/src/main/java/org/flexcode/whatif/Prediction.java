package org.flexcode.whatif;

/**
 * One strategy's predicted time on a fit's iterations.
 *
 * @param strategy the strategy spec
 * @param meanIterationMs the predicted mean iteration, ms (NaN when not predicted)
 * @param totalMs the predicted time of the fit's iterations, ms (NaN when not predicted)
 * @param savedMs the measured time minus the predicted (negative: slower than the job was)
 * @param copies the copies of the data its layout caches (1 for bsp)
 * @param memoryBytes the cached data its layout needs (copies x the data an iteration reads), -1
 *     when the log does not show it
 * @param note why there is no figure, or "" when there is one
 */
public record Prediction(
    String strategy,
    double meanIterationMs,
    double totalMs,
    double savedMs,
    int copies,
    long memoryBytes,
    String note) {

  /** Whether the model predicted the strategy on this fit. */
  public boolean predicted() {
    return note.isEmpty();
  }
}
