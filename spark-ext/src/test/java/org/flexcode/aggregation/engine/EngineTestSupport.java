package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskKilled;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.EngineTestHooks;

/** Data, a statistic with a known sum, and a listener that records how tasks ended. */
public final class EngineTestSupport {

  private EngineTestSupport() {}

  /**
   * The engine's default options overridden by the {@code spark.flexcode.*} system properties, as a
   * SparkConf reads them: {@code -Dflexcode.test.jvmArgs=-Dspark.flexcode.results.inlineMaxBytes=0}
   * runs every engine test with its results held on the executors.
   */
  public static AggregatorOptions options() {
    return AggregatorOptions.fromConf(new SparkConf());
  }

  /**
   * {@code options}, after installing {@code hook} for the engines created next; the test classes
   * clear it after each test.
   */
  public static AggregatorOptions straggling(
      AggregatorOptions options, org.flexcode.stragglers.StragglerHook hook) {
    EngineTestHooks.installStragglers(hook);
    return options;
  }

  /** Values 1..records in {@code partitions} partitions. */
  public static JavaRDD<Double> data(JavaSparkContext jsc, int records, int partitions) {
    List<Double> values = new ArrayList<>();
    for (int i = 1; i <= records; i++) {
      values.add((double) i);
    }
    return jsc.parallelize(values, partitions);
  }

  /** (model x sum, count, sum of squares) of a block. */
  public static final BlockStatistic<Double, Double> STATISTIC =
      (model, iteration, block, records, out) -> {
        for (double x : records) {
          out[0] += model * x;
          out[1] += 1;
          out[2] += x * x;
        }
      };

  /** The exact value of {@link #STATISTIC} over 1..records for a model. */
  public static double[] expected(int records, double model) {
    double sum = 0;
    double squares = 0;
    for (int i = 1; i <= records; i++) {
      sum += i;
      squares += (double) i * i;
    }
    return new double[] {model * sum, records, squares};
  }

  public static double relativeError(double[] x, double[] truth) {
    return org.flexcode.metrics.Errors.relative(x, truth);
  }

  /** Records which partitions' tasks started, and in which stage. */
  public static final class TaskStarts extends SparkListener {
    final List<int[]> stageAndPartition = new CopyOnWriteArrayList<>();
    private final java.util.Set<Integer> engineStages =
        java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart jobStart) {
      String tags = jobStart.properties().getProperty("spark.job.tags");
      if (tags != null && tags.matches("(.*,)?flexcode-.*")) { // not a combine job's stages
        jobStart.stageInfos().foreach(info -> engineStages.add(info.stageId()));
      }
    }

    @Override
    public void onTaskStart(org.apache.spark.scheduler.SparkListenerTaskStart start) {
      if (engineStages.contains(start.stageId())) {
        stageAndPartition.add(new int[] {start.stageId(), start.taskInfo().partitionId()});
      }
    }

    /** The stages of the engine's task jobs in which a task of {@code partition} started. */
    public java.util.Set<Integer> stagesOf(int partition) {
      return stageAndPartition.stream()
          .filter(sp -> sp[1] == partition)
          .map(sp -> sp[0])
          .collect(java.util.stream.Collectors.toSet());
    }
  }

  /** Records every task end (stage, partition, reason) and when the engine's iteration jobs end. */
  public static final class TaskEnds extends SparkListener {
    record End(int stageId, int partition, boolean killed, String reason) {}

    final List<End> ends = new CopyOnWriteArrayList<>();
    final List<Long> jobEndMs = new CopyOnWriteArrayList<>();
    private final java.util.Set<Integer> engineJobs =
        java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart jobStart) {
      String tags = jobStart.properties().getProperty("spark.job.tags");
      if (tags != null && tags.matches("(.*,)?flexcode-.*")) {
        engineJobs.add(jobStart.jobId());
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
      ends.add(
          new End(
              taskEnd.stageId(),
              taskEnd.taskInfo().partitionId(),
              taskEnd.reason() instanceof TaskKilled,
              taskEnd.reason().toString()));
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd jobEnd) {
      if (engineJobs.contains(jobEnd.jobId())) {
        jobEndMs.add(jobEnd.time());
      }
    }

    public boolean killed(int partition) {
      return ends.stream().anyMatch(e -> e.partition() == partition && e.killed());
    }
  }

  /** Waits up to {@code millis} for a condition. */
  public static boolean eventually(long millis, java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20); // for what Spark does on its own threads (kills, cleanup, executors)
    }
    return condition.getAsBoolean();
  }
}
