package org.flexcode.entropy.internal;

import java.io.Serializable;

/**
 * Picks a weighted subset of {@code budget} records of a block from the records' joint colours.
 * Same colours, budget and seed give the same selection.
 */
public interface SubsetSelector extends Serializable {
  /**
   * Selects min(budget, colours.length) records of a block whose record i has joint colour {@code
   * colours[i]}.
   */
  Selection select(int[] colours, int budget, long seed);

  /** A short name for reports, e.g. {@code entropy} or {@code random}. */
  String name();
}
