package org.flexcode.aggregation.copies.internal;

import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.aggregation.engine.DataLayout;
import org.flexcode.aggregation.engine.LayoutProvider;
import org.flexcode.aggregation.engine.LayoutSource;
import org.flexcode.spark.internal.SparkInternals;

/** Lays out the strategies with a {@link CopiedLayout} as {@link ChunkCopiesLayout}. */
public final class ChunkCopiesProvider implements LayoutProvider {

  @Override
  public Optional<LayoutSource> sourceFor(AggregationStrategy strategy) {
    return strategy.capability(CopiedLayout.class).map(copied -> source(strategy, copied));
  }

  private static LayoutSource source(AggregationStrategy strategy, CopiedLayout copied) {
    return new LayoutSource() {
      @Override
      public AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget) {
        return copied.fitTo(cluster, budget);
      }

      @Override
      public <T> DataLayout<T> layOut(JavaRDD<T> input, List<SparkInternals.Executor> executors) {
        return ChunkCopiesLayout.of(strategy, copied.layout(), input, executors);
      }
    };
  }
}
