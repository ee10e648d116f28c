package org.flexcode.aggregation.engine.internal;

import java.io.Serializable;

/**
 * An iteration's decode that never forms the whole aggregate anywhere: the statistic's entries are
 * cut into slices, each slice's sum over the chosen results is formed in one task on the executors
 * (reading its slice of every held result there, and of every result that travelled from the
 * driver), and {@link #reduce} turns it into a few numbers, which alone come to the driver. A
 * trainer whose model is too large for the driver (ALS's factors) solves its rows in {@code reduce}
 * and keeps them on the executor.
 */
public interface SlicedDecode extends Serializable {

  /** How many slices. */
  int slices();

  /** Slice {@code slice}'s first entry of the statistic. */
  int from(int slice);

  /** One past slice {@code slice}'s last entry of the statistic. */
  int to(int slice);

  /**
   * Executor side: what slice {@code slice}'s {@code sum} (entries [from, to) of the aggregate of
   * the engine's iteration {@code iteration}) becomes; of {@link #outputLength} entries. A decode
   * that fails (a held result lost) is made again by a later iteration, so what a reduce keeps on
   * the executors should name its iteration.
   */
  double[] reduce(int iteration, int slice, double[] sum);

  /** The length of slice {@code slice}'s {@link #reduce} output. */
  int outputLength(int slice);
}
