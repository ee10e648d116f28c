package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;

/**
 * Runs bench rows in one SparkContext: each run is tagged with the local property {@link
 * BenchListener#RUN_PROPERTY}, and once the listener has heard every run's jobs and tasks, {@link
 * #settle} fills in MLlib's iteration times and every run's task-seconds.
 */
final class BenchRunner {

  /** A run and the tag its Spark jobs carry, not yet settled. */
  record Measured(String tag, Run run) {}

  private final JavaSparkContext jsc;
  private final BenchListener listener;
  private final Workload workload;
  private final int iterations;
  private final long seed;

  BenchRunner(
      JavaSparkContext jsc, BenchListener listener, Workload workload, int iterations, long seed) {
    this.jsc = jsc;
    this.listener = listener;
    this.workload = workload;
    this.iterations = iterations;
    this.seed = seed;
  }

  /** The gradient-descent iterations of a measured run. */
  int iterations() {
    return iterations;
  }

  /**
   * Runs {@code strategy} ({@code mllib...} or a FlexCode strategy name or spec) under {@code
   * pattern} for {@code iterations} iterations.
   */
  Measured run(String strategy, StragglerPattern pattern, int iterations) {
    String tag = strategy + "|" + pattern.spec() + "|" + System.nanoTime();
    StragglerInjector injector = new StragglerInjector(pattern, seed);
    jsc.setLocalProperty(BenchListener.RUN_PROPERTY, tag);
    long start = System.currentTimeMillis();
    try {
      if (strategy.startsWith("mllib")) {
        double[] loss = workload.mllib(injector, iterations);
        long wall = System.currentTimeMillis() - start;
        Run.Cost cost = new Run.Cost(0, 0, wall, null);
        return new Measured(
            tag, new Run(strategy, pattern.spec(), null, new double[] {start}, loss, cost));
      }
      AggregatorOptions options =
          AggregatorOptions.fromConf(jsc.getConf())
              .withInjector(injector)
              .withWorkload("bench " + strategy, iterations);
      Workload.Trace trace =
          workload.flexcode(
              AggregationStrategy.parse(BenchJob.specOf(strategy)), options, iterations);
      long wall = System.currentTimeMillis() - start;
      List<IterationRecord> records = trace.records();
      double[] ms = records.stream().mapToDouble(IterationRecord::durationMs).toArray();
      double[] end = records.stream().mapToDouble(r -> r.endMs() - start).toArray();
      long waste = records.stream().mapToLong(IterationRecord::wasteMs).sum();
      double taskMs =
          records.stream()
              .flatMap(r -> r.finished().stream())
              .mapToDouble(t -> t.durationMs() - t.injectedDelayMs())
              .average()
              .orElse(Double.NaN);
      Run.Cost cost = new Run.Cost(0, waste, wall, taskMs);
      return new Measured(tag, new Run(strategy, pattern.spec(), ms, end, trace.loss(), cost));
    } finally {
      jsc.setLocalProperty(BenchListener.RUN_PROPERTY, null);
    }
  }

  /** The runs with MLlib's iteration times and every run's task-seconds, from the listener. */
  List<Run> settle(List<Measured> measured) throws InterruptedException {
    Thread.sleep(1_000);
    List<Run> runs = new ArrayList<>();
    for (Measured m : measured) {
      Run run = m.run();
      Run.Cost cost = run.cost();
      double taskSeconds = listener.taskSeconds(m.tag());
      Run.Cost settled =
          new Run.Cost(taskSeconds, cost.wasteMs(), cost.wallMs(), cost.meanTaskComputeMs());
      if (run.iterationMs() == null) {
        long start = (long) run.endMs()[0];
        List<BenchListener.Job> jobs =
            workload.mllibIterationJobs(listener.jobs(m.tag()), iterations);
        double[] ms = jobs.stream().mapToDouble(j -> j.endMs() - j.startMs()).toArray();
        double[] end = jobs.stream().mapToDouble(j -> j.endMs() - start).toArray();
        runs.add(run.with(ms, end, settled));
      } else {
        runs.add(run.with(run.iterationMs(), run.endMs(), settled));
      }
    }
    return runs;
  }
}
