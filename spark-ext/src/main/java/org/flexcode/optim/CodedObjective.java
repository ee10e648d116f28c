package org.flexcode.optim;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.StragglerReport;
import org.flexcode.metrics.StragglerTally;
import org.flexcode.monitoring.IterationMonitor;

/**
 * A trainer's objective evaluated through the coded aggregate, owning the engine's lifecycle:
 * {@link #open} lays the data out ({@link CodedAggregator#create}), {@link #evaluate} sums the
 * block statistic over all blocks at a model and records the engine's iteration, {@link #close}
 * releases the engine. Statistics whose last entry is a count (records, weights) are turned into
 * means by {@link #means}. Closing an objective that evaluated reports the fit's stragglers ({@link
 * org.flexcode.monitoring.IterationMonitor#fitEnded}) over all its evaluations.
 */
final class CodedObjective<T, M extends Serializable> implements AutoCloseable {

  private final CodedAggregator<T> engine;
  private final BlockStatistic<T, M> statistic;
  private final int dimension;
  private final java.util.ArrayDeque<IterationRecord> records = new java.util.ArrayDeque<>();
  private final int history;
  private final StragglerTally stragglers = new StragglerTally();
  private final String workload;
  private final SparkContext context;
  private int evaluations;

  private CodedObjective(
      CodedAggregator<T> engine,
      BlockStatistic<T, M> statistic,
      int dimension,
      int history,
      String workload,
      SparkContext context) {
    this.workload = workload;
    this.context = context;
    this.engine = engine;
    this.statistic = statistic;
    this.dimension = dimension;
    this.history = history;
  }

  /**
   * Lays out {@code data} (one block per partition) for {@code strategy} with {@code options}
   * (already named for the workload) and {@code colouring} (null: one colour); {@code statistic}
   * has length {@code dimension}.
   */
  static <T, M extends Serializable> CodedObjective<T, M> open(
      JavaRDD<T> data,
      AggregationStrategy strategy,
      AggregatorOptions options,
      Colouring<T> colouring,
      BlockStatistic<T, M> statistic,
      int dimension) {
    int history = data.context().getConf().getInt(AggregatorOptions.PREFIX + "history", 1000);
    if (history < 1) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX + "history must be >= 1, got " + history);
    }
    return new CodedObjective<>(
        CodedAggregator.create(data, strategy, options, colouring),
        statistic,
        dimension,
        history,
        options.workload(),
        data.context());
  }

  /** The total record count over all blocks. */
  long totalRecords() {
    return Arrays.stream(engine.blockRecords()).sum();
  }

  /** The aggregated statistic at {@code model}; its record joins {@link #records}. */
  AggregateResult evaluate(M model) {
    AggregateResult result = engine.aggregate(model, statistic, dimension);
    remember(result);
    return result;
  }

  /**
   * As {@link #evaluate}, the aggregate decoded by {@code sliced} on the executors: the result's
   * values are the slices' outputs.
   */
  AggregateResult evaluate(M model, SlicedDecode sliced) {
    AggregateResult result = engine.aggregate(model, statistic, dimension, sliced);
    remember(result);
    return result;
  }

  private void remember(AggregateResult result) {
    records.addLast(result.record());
    stragglers.add(result.record());
    evaluations++;
    if (records.size() > history) {
      records.removeFirst(); // bounded driver memory: the last spark.flexcode.history records
    }
  }

  /** The last {@code spark.flexcode.history} (default 1,000) records of {@link #evaluate}. */
  List<IterationRecord> records() {
    return List.copyOf(records);
  }

  /** sums[0 .. d-2] divided by the count sums[d-1]. */
  static double[] means(double[] sums) {
    double count = sums[sums.length - 1];
    double[] means = new double[sums.length - 1];
    for (int d = 0; d < means.length; d++) {
      means[d] = sums[d] / count;
    }
    return means;
  }

  /** The straggler report of every evaluation so far. */
  StragglerReport stragglerReport() {
    return stragglers.report();
  }

  @Override
  public void close() {
    try {
      engine.close();
    } finally {
      if (evaluations > 0) {
        IterationMonitor.fitEnded(context, workload, stragglers.report());
      }
    }
  }
}
