package org.flexcode.entropy.internal;

import java.io.Serializable;
import java.util.List;

/**
 * One feature filter of FlexEnt: maps every record of a block to a small discrete colour (its
 * level). Records with equal levels are indistinguishable to this filter; the level sets are the
 * colour classes of the filter's characteristic graph. A filter may fit itself to the block (cut
 * points, bucket sizes), so it sees the whole block at once. Build filters with {@link
 * FeatureFilters}.
 *
 * @param <T> record type
 */
public interface FeatureFilter<T> extends Serializable {
  /**
   * The level of each record of {@code block}: small non-negative ints, one per record, in block
   * order. Deterministic in the block's contents and order.
   */
  int[] levels(List<T> block);

  /** A short name for reports and error messages, e.g. {@code quantileBins(4)}. */
  String name();
}
