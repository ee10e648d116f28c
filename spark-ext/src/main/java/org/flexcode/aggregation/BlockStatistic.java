package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.List;

/**
 * An additive statistic of a data block: the engine sums it over all blocks (gradient and loss for
 * LR, factor gradients for MF, sufficient statistics for LDA, or plain counts). Implementations add
 * the block's contribution into {@code out} (length = the dimension given to the engine) and must
 * be deterministic in (model, iteration, block, records), since every copy of a block must yield
 * the same values for decoding to be exact.
 *
 * @param <T> record type
 * @param <M> model type, broadcast once per iteration
 */
@FunctionalInterface
public interface BlockStatistic<T, M> extends Serializable {
  /** Adds the statistic of {@code records} (block {@code block}) into {@code out}. */
  void accumulate(M model, int iteration, int block, List<T> records, double[] out);
}
