package org.flexcode.bench;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerInjector;

/**
 * One workload of {@code flexcode-submit bench}: a FlexCode strategy's run on the coded engine and,
 * where MLlib has the algorithm, MLlib's own untouched implementation on the straggler-wrapped
 * input ({@link LogisticWorkload}, {@link MfWorkload}, {@link LdaWorkload}).
 */
interface Workload {

  /** A run's engine records and its objective after each iteration. */
  record Trace(List<IterationRecord> records, double[] loss) {}

  /** The objective's name in reports. */
  String objective();

  /** A FlexCode strategy's run. */
  Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations);

  /** Whether MLlib implements this workload (the {@code mllib} rows). */
  default boolean hasMllib() {
    return true;
  }

  /** MLlib's run on input wrapped by {@code injector}; its objective history. */
  double[] mllib(StragglerInjector injector, int iterations);

  /** The Spark jobs of an MLlib run that are its iterations (setup jobs dropped). */
  List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations);

  /** Whether losses of different rows are comparable iteration by iteration (time to target). */
  default boolean comparableLossHistory() {
    return true;
  }

  /** Releases cached data. */
  void close();
}
