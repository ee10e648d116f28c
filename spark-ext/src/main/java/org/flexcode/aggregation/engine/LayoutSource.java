package org.flexcode.aggregation.engine;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.spark.SparkInternals;

/**
 * A strategy capability: the strategy lays its input out itself (for example chunk copies cached on
 * several executors) instead of the engine's {@link CodedLayout}. The engine asks for it with
 * {@code strategy.capability(LayoutSource.class)}.
 */
public interface LayoutSource {

  /**
   * The strategy fitted to the {@code executors} registered and to the storage memory they have
   * free (for example fewer copies, or {@code bsp} when no copies fit).
   */
  AggregationStrategy fitTo(int executors, StorageBudget budget);

  /** The layout of {@code input} (one block per partition) over {@code executors}. */
  <T> DataLayout<T> layOut(JavaRDD<T> input, List<SparkInternals.Executor> executors);
}
