package org.flexcode.aggregation.engine;

import java.io.Serializable;
import java.util.List;

/**
 * The records of one data block, as cached inside a coded partition. A primary holds the whole
 * block ({@code weights} null); a shadow holds a selected subset with one weight per record, so
 * that the weighted statistic estimates the block's statistic.
 */
public record CodedBlock<T>(int block, List<T> records, double[] weights) implements Serializable {

  /** A whole block. */
  public CodedBlock(int block, List<T> records) {
    this(block, records, null);
  }

  /** Whether this is a shadow's weighted subset. */
  public boolean isSubset() {
    return weights != null;
  }
}
