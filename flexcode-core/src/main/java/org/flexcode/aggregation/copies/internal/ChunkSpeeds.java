package org.flexcode.aggregation.copies.internal;

import java.util.Arrays;

/**
 * How fast each executor's cores compute, as the chunk queue projects it (Falcon's straggler
 * projection): ms per unit of chunk work, from the executor's latest finished chunk of this
 * iteration, else of an earlier one; an executor never measured counts as the mean of those that
 * were (1 ms per unit before any measurement). A chunk running past the time its executor's speed
 * gives it shows that executor slower than measured: {@link #noteRunning} lowers its speed to what
 * the chunk has shown so far, so the queue stops planning on it at once.
 */
public final class ChunkSpeeds {

  private final double[] measured; // ms per unit of work; NaN: never measured
  private final double[] thisIteration;

  /** Speeds of {@code executors} executors, none measured. */
  public ChunkSpeeds(int executors) {
    measured = new double[executors];
    thisIteration = new double[executors];
    Arrays.fill(measured, Double.NaN);
    Arrays.fill(thisIteration, Double.NaN);
  }

  /** A new iteration: its measurements start afresh, the last ones stand until then. */
  public void startIteration() {
    Arrays.fill(thisIteration, Double.NaN);
  }

  /** A chunk of {@code work} units finished on {@code executor} in {@code ms}. */
  public void noteFinished(int executor, double work, double ms) {
    double speed = ms / Math.max(work, 1e-12);
    thisIteration[executor] = speed;
    measured[executor] = speed;
  }

  /**
   * A chunk of {@code work} units has run {@code elapsedMs} on {@code executor} without finishing:
   * the executor computes no faster than that this iteration.
   */
  public void noteRunning(int executor, double work, double elapsedMs) {
    double shown = elapsedMs / Math.max(work, 1e-12);
    if (shown > msPerWork(executor)) {
      thisIteration[executor] = shown;
    }
  }

  /** The projected ms per unit of work on {@code executor}. */
  public double msPerWork(int executor) {
    if (!Double.isNaN(thisIteration[executor])) {
      return thisIteration[executor];
    }
    if (!Double.isNaN(measured[executor])) {
      return measured[executor];
    }
    double sum = 0;
    int known = 0;
    for (double m : measured) {
      if (!Double.isNaN(m)) {
        sum += m;
        known++;
      }
    }
    return known == 0 ? 1.0 : sum / known;
  }
}
