package org.flexcode.bench;

import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.engine.CodedAggregator;

/**
 * One way of summing {@link DenseStatistic} over a cached RDD of records, one iteration at a time:
 * MLlib's {@code treeAggregate} at a depth, or the engine under a strategy. Used by {@link
 * ScaleExperiment}.
 */
abstract class ScaleContender implements AutoCloseable {

  /**
   * One iteration's sum, and the driver time the contender spent combining the tasks' results into
   * it ({@code Double.NaN}: not separable from the rest of the iteration).
   */
  record Outcome(double[] sum, double combineMs) {}

  private final String name;

  private ScaleContender(String name) {
    this.name = name;
  }

  /** The contender's name in the table. */
  final String name() {
    return name;
  }

  /** Sums the statistic over every record at {@code model}. */
  abstract Outcome iterate(double model);

  @Override
  public void close() {}

  /**
   * {@code treeAggregate} of the statistic over {@code records} at {@code depth}: each partition
   * folds its records into a d-vector, the tree's levels combine them in shuffles, and the driver
   * adds the last level's vectors as they arrive (inside the job, so its time is not separable).
   */
  static ScaleContender treeAggregate(JavaRDD<Integer> records, int dimension, int depth) {
    return new ScaleContender("treeAggregate depth " + depth) {
      @Override
      Outcome iterate(double model) {
        double[] sum =
            records.treeAggregate(
                new double[dimension],
                (acc, record) -> {
                  DenseStatistic.add(model, record, acc);
                  return acc;
                },
                (a, b) -> {
                  for (int j = 0; j < a.length; j++) {
                    a[j] += b[j];
                  }
                  return a;
                },
                depth);
        return new Outcome(sum, Double.NaN);
      }
    };
  }

  /**
   * The engine under {@code spec} over {@code records} (one block per partition), planned for
   * {@code iterations} iterations; the combine time is the iteration record's decode time.
   */
  static ScaleContender flexcode(
      String name, String spec, JavaRDD<Integer> records, int dimension, int iterations) {
    AggregatorOptions options =
        AggregatorOptions.fromConf(records.context().getConf())
            .withWorkload("scale " + spec, iterations);
    CodedAggregator<Integer> engine =
        CodedAggregator.create(records, AggregationStrategy.parse(spec), options);
    return new ScaleContender(name) {
      @Override
      Outcome iterate(double model) {
        AggregateResult result = engine.aggregate(model, DenseStatistic.INSTANCE, dimension);
        return new Outcome(result.values(), result.record().decodeNanos() / 1e6);
      }

      @Override
      public void close() {
        engine.close();
      }
    };
  }
}
