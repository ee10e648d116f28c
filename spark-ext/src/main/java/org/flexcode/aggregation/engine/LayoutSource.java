package org.flexcode.aggregation.engine;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spark.internal.StorageMemory;

/**
 * A layout of the input other than the engine's {@link CodedLayout} (for example chunk copies
 * cached on several executors): a strategy's own capability, or a {@link LayoutProvider}'s for a
 * strategy with a Spark-free layout capability.
 */
public interface LayoutSource {

  /**
   * The strategy fitted to the {@code cluster} it starts on and to the storage memory the executors
   * have free (for example fewer copies, or {@code bsp} when no copies fit).
   */
  AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget);

  /**
   * The strategy fitted to the cluster {@code input} is laid out on, the registered {@code
   * executors}, and to their free storage memory ({@link #fitTo}).
   */
  default AggregationStrategy fitToCluster(
      JavaRDD<?> input, List<SparkInternals.Executor> executors) {
    return fitTo(shapeOf(input, executors), budgetOf(input));
  }

  /**
   * The budget for laying out {@code input}: one task measures its first partition (computing it
   * once more when {@code input} is not persisted; the Estimators' inputs are).
   */
  static StorageBudget budgetOf(JavaRDD<?> input) {
    return new StorageBudget(
        StorageMemory.estimatedBytes(input.rdd()), StorageMemory.freeBytes(input.context()));
  }

  /**
   * What {@code input}'s layout is fitted to: the {@code executors}, their task slots, its blocks.
   */
  static ClusterShape shapeOf(JavaRDD<?> input, List<SparkInternals.Executor> executors) {
    return new ClusterShape(
        executors.size(), SparkInternals.taskSlots(input.context()), input.getNumPartitions());
  }

  /** The layout of {@code input} (one block per partition) over {@code executors}. */
  <T> DataLayout<T> layOut(JavaRDD<T> input, List<SparkInternals.Executor> executors);
}
