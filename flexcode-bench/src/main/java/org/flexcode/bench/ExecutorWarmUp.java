package org.flexcode.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.flexcode.metrics.SampleStats;

/**
 * Brings a new application's executors to their steady per-task overhead before anything is
 * measured: {@code jobs} short jobs of one task per core, each reading a new broadcast, as an
 * iteration's tasks do. A new executor JVM deserializes tasks and fetches broadcasts slowly until
 * its JIT has compiled those paths, and with two tasks per executor per iteration that takes
 * hundreds of iterations: in an 8 x 2 emulated bench without this warm-up, the block tasks' launch
 * cost (launch to finish minus run time) fell from 72 ms in the first minute to about 25 ms after
 * 15, so the first pattern's rows ran on colder executors than the later ones.
 */
final class ExecutorWarmUp {

  /** Default number of warm-up jobs ({@code --warm-up-jobs}). */
  static final int DEFAULT_JOBS = 400;

  /** Doubles in each job's broadcast: a model of the order the workloads train. */
  private static final int BROADCAST_DOUBLES = 1 << 14;

  /** Jobs at each end whose median time the log line compares. */
  private static final int ENDS = 20;

  private ExecutorWarmUp() {}

  /**
   * Runs {@code jobs} jobs of {@code slots} tasks and returns each job's wall time, ms; logs the
   * median of the first and of the last jobs.
   */
  static long[] run(JavaSparkContext jsc, int slots, int jobs) {
    if (jobs < 0) {
      throw new IllegalArgumentException("--warm-up-jobs must be >= 0, got " + jobs);
    }
    long[] ms = new long[jobs];
    List<Integer> parts = IntStream.range(0, slots).boxed().toList();
    for (int j = 0; j < ms.length; j++) {
      double[] model = new double[BROADCAST_DOUBLES];
      Arrays.fill(model, j);
      long start = System.nanoTime();
      Broadcast<double[]> weights = jsc.broadcast(model);
      jsc.parallelize(parts, slots).map(p -> p + weights.value()[p % BROADCAST_DOUBLES]).count();
      weights.destroy();
      ms[j] = (System.nanoTime() - start) / 1_000_000;
    }
    if (ms.length >= 2 * ENDS) {
      System.out.printf(
          Locale.ROOT,
          "bench: executors warmed up by %d jobs of %d tasks in %d ms (median job %.0f ms in the"
              + " first %d, %.0f ms in the last %d)%n",
          ms.length,
          slots,
          Arrays.stream(ms).sum(),
          median(Arrays.copyOfRange(ms, 0, ENDS)),
          ENDS,
          median(Arrays.copyOfRange(ms, ms.length - ENDS, ms.length)),
          ENDS);
    }
    return ms;
  }

  private static double median(long[] values) {
    return SampleStats.median(Arrays.stream(values).asDoubleStream().toArray());
  }
}
