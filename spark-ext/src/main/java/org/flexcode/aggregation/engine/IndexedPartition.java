package org.flexcode.aggregation.engine;

import org.apache.spark.Partition;

/**
 * A partition of one of the engine's RDDs, known by its index: two are equal when they are of the
 * same class and have the same index, which is also the hash code.
 */
abstract class IndexedPartition implements Partition {

  private static final long serialVersionUID = 1L;

  private final int index;

  IndexedPartition(int index) {
    this.index = index;
  }

  @Override
  public final int index() {
    return index;
  }

  @Override
  public final int hashCode() {
    return index;
  }

  @Override
  public final boolean equals(Object other) {
    return other != null
        && other.getClass() == getClass()
        && ((IndexedPartition) other).index == index;
  }
}
