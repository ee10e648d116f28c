package org.flexcode.entropy.internal;

import java.io.Serializable;
import java.util.List;

/**
 * Maps the records of one data block to joint colours: the tuple of the colours its feature filters
 * give a record, numbered densely from 0. Filters may fit themselves to the block (quantile cut
 * points, bucket sizes), which is why a colouring sees the whole block at once.
 *
 * @param <T> record type
 */
@FunctionalInterface
public interface Colouring<T> extends Serializable {
  /**
   * The joint colour of each record of {@code block}, as ids in [0, number of distinct joint
   * colours); equal ids mean equal joint colours. Deterministic in the block's contents and order.
   */
  int[] colours(List<T> block);
}
