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

  /**
   * A run's engine records, its objective after each iteration, the weights each objective entry
   * was computed at (null where the workload does not keep them), and the record each objective
   * entry was computed in (null: entry i in record i; an L-BFGS fit evaluates more often than its
   * history has entries).
   */
  record Trace(
      List<IterationRecord> records, double[] loss, List<double[]> weights, int[] lossEvaluations) {
    /** A trace without weights. */
    Trace(List<IterationRecord> records, double[] loss) {
      this(records, loss, null, null);
    }

    /** A trace whose entry i was computed in record i. */
    Trace(List<IterationRecord> records, double[] loss, List<double[]> weights) {
      this(records, loss, weights, null);
    }

    /** Whether every aggregation decoded the exact full sum (the loss history is exact). */
    boolean exact() {
      return records.stream().allMatch(IterationRecord::exact);
    }
  }

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

  /**
   * MLlib's run on {@link MllibBaseline#TUNED}'s input: 4 x partitions cached {@code
   * MEMORY_AND_DISK_2}, wrapped by {@code injector}; its objective history.
   */
  default double[] mllibOverPartitioned(StragglerInjector injector, int iterations) {
    throw new IllegalArgumentException(
        MllibBaseline.TUNED.row() + " is implemented for --workload ctr and lr only");
  }

  /**
   * Spark's ALS ({@link MllibBaseline#SPARK_ALS}) for {@code iterations}, its stragglers from the
   * application's plugin; its objective history.
   */
  default double[] sparkAls(int iterations) {
    throw new IllegalArgumentException("als is Spark's ALS, a baseline of --workload mf only");
  }

  /**
   * An MLlib run's iteration times from its iteration jobs ({@link #mllibIterationJobs}): each
   * job's duration, one job per iteration.
   */
  default double[] mllibIterationMs(List<BenchListener.Job> jobs, int iterations) {
    return jobs.stream().mapToDouble(j -> j.endMs() - j.startMs()).toArray();
  }

  /**
   * The exact objective at the weights of {@code trace}, evaluated off the clock on the whole data;
   * null where the workload cannot evaluate it (the loss history is then all there is).
   */
  default double[] exactLoss(Trace trace) {
    return null;
  }

  /** The Spark jobs of an MLlib run that are its iterations (setup jobs dropped). */
  List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations);

  /**
   * The iteration job (index into {@link #mllibIterationJobs}) that computed each of an MLlib run's
   * {@code lossEntries} loss entries, out of {@code jobs}; null where entry i is job i's.
   */
  default int[] mllibLossJobs(int jobs, int lossEntries) {
    return null;
  }

  /**
   * Whether a FlexCode run's loss entry i was computed in its engine iteration i, with one exact
   * loss per entry (gradient descent; not an L-BFGS fit, which evaluates more often than its
   * history has entries): then an inexact row may run past the measured iterations to reach the
   * target ({@link BenchRunner#pastIterations}).
   */
  default boolean oneLossPerIteration() {
    return false;
  }

  /** Whether losses of different rows are comparable iteration by iteration (time to target). */
  default boolean comparableLossHistory() {
    return true;
  }

  /** Releases cached data. */
  void close();
}
