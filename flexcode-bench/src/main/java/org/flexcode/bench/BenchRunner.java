package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.ComputeEmulation;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;

/**
 * Runs bench rows in one SparkContext: each run is tagged with the local property {@link
 * BenchListener#RUN_PROPERTY}, and once the listener has heard every run's jobs and tasks, {@link
 * #settle} fills in MLlib's iteration times and waste and every run's task-seconds.
 */
final class BenchRunner {

  /**
   * A run and the tag its Spark jobs carry, not yet settled; {@code cutMs}: when its measured
   * iterations ended (epoch ms; {@link Long#MAX_VALUE}: not known), the tasks launched after it
   * (iterations beyond the measured ones, lda's perplexity pass) not counted in its task-seconds.
   */
  record Measured(String tag, Run run, long cutMs) {

    /** A run with no iterations beyond the measured ones. */
    Measured(String tag, Run run) {
      this(tag, run, Long.MAX_VALUE);
    }
  }

  /** When a run started (epoch ms), its wall time and the machine's CPU utilization meanwhile. */
  private record Clock(long startMs, long wallMs, Double cpuUtilization) {}

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
   * Iterations of a warm-up run. Two: the first loads the row's classes and caches, the second runs
   * the steady-state path once more; every row of an application warms up before any row is
   * measured, so the measured rows follow many warm iterations. Five (before) cost the 8 x 2 grid
   * about 25 s more: three more iterations of about 1 s for each of its eight rows.
   */
  static final int WARM_UP_ITERATIONS = 2;

  /**
   * Warm-up iterations an application runs in all before it measures anything. Its executors are
   * new JVMs that compile the iteration's code over its first iterations: in the 8 x 2 grid's child
   * applications (one row each, two warm-up iterations), the first measured row was still warming
   * (mllib-tuned under ideal: 1.4 s falling to 0.9 s over six iterations; mllib+speculation 1.0 s
   * falling to 0.8 s over twenty). The warm-up does not lower mllib-tuned's CPU under ideal (64-71%
   * with it): that is Spark's own work for its 72 tasks per iteration
   * (docs/archive/BENCHMARKS-journal.md, 2026-11-24, "the same run with a 16-iteration application
   * warm-up").
   */
  static final int APPLICATION_WARM_UP_ITERATIONS = 16;

  /**
   * Warm-up iterations of each of an application's {@code rows} rows: {@link #WARM_UP_ITERATIONS},
   * or more when the rows are too few to make {@link #APPLICATION_WARM_UP_ITERATIONS} together.
   */
  static int warmUpIterations(int rows) {
    int share = (APPLICATION_WARM_UP_ITERATIONS + rows - 1) / Math.max(1, rows);
    return Math.max(WARM_UP_ITERATIONS, share);
  }

  /**
   * Iterations an inexact FlexCode row runs past {@code iterations} (10%, at least 1), so that its
   * time to the target is measured: the target is the exact rows' loss after {@code iterations},
   * which an inexact row reaches a little later. An ignore iteration made 0.94-0.99 of an exact
   * one's progress in the emulated benches of docs/archive/BENCHMARKS-journal.md (its progress by
   * the workers' gradients' spread), so 30 iterations fall 0.3-1.8 short. Only the time to target
   * reads them ({@link Run#beyond}).
   */
  static int pastIterations(int iterations) {
    return Math.max(1, (iterations + 9) / 10);
  }

  /** A warm-up run of {@code strategy}: {@code iterations}, no stragglers, not recorded. */
  void warmUp(String strategy, int iterations) {
    run(strategy, StragglerPattern.ideal(), iterations, false);
  }

  /**
   * Runs {@code strategy} ({@code mllib...} or a FlexCode strategy name or spec) under {@code
   * pattern} for {@code iterations} iterations, with the machine's CPU utilization over the run
   * and, off the clock afterwards, the exact loss at the run's weights.
   */
  Measured run(String strategy, StragglerPattern pattern, int iterations) {
    return run(strategy, pattern, iterations, true);
  }

  private Measured run(
      String strategy, StragglerPattern pattern, int iterations, boolean exactLoss) {
    String tag = strategy + "|" + pattern.spec() + "|" + System.nanoTime();
    StragglerInjector injector =
        new StragglerInjector(pattern, seed, ComputeEmulation.fromConf(jsc.getConf()));
    MllibBaseline baseline = MllibBaseline.of(strategy);
    CpuTimes before = CpuTimes.read();
    jsc.setLocalProperty(BenchListener.RUN_PROPERTY, tag);
    long start = System.currentTimeMillis();
    double[] mllibLoss = null;
    Workload.Trace trace = null;
    int total = iterations;
    try {
      if (baseline == null) {
        AggregationStrategy parsed = AggregationStrategy.parse(BenchRows.specOf(strategy));
        total =
            exactLoss && !parsed.isExact() && workload.oneLossPerIteration()
                ? iterations + pastIterations(iterations)
                : iterations;
        AggregatorOptions options =
            AggregatorOptions.fromConf(jsc.getConf())
                .withInjector(injector)
                .withWorkload("bench " + strategy, total);
        trace = workload.flexcode(parsed, options, total);
      } else if (baseline == MllibBaseline.SPARK_ALS) {
        mllibLoss = workload.sparkAls(iterations);
      } else if (baseline.overPartitioned()) {
        mllibLoss = workload.mllibOverPartitioned(injector, iterations);
      } else {
        mllibLoss = workload.mllib(injector, iterations);
      }
    } finally {
      jsc.setLocalProperty(BenchListener.RUN_PROPERTY, null);
      injector.close(); // stops this row's disruptor threads before the next row
    }
    long wall = System.currentTimeMillis() - start;
    Double cpu = CpuTimes.utilization(before, CpuTimes.read());
    if (trace == null) {
      // MLlib's loss history is the full-batch loss at each iteration's weights: exact.
      Run.Cost cost = new Run.Cost(0, 0, 0, wall, null, cpu);
      return new Measured(
          tag,
          new Run(
              strategy, pattern.spec(), null, new double[] {start}, mllibLoss, mllibLoss, cost));
    }
    List<IterationRecord> records = trace.records();
    int entries = iterations + 1; // the updates and the final pass
    if (total == iterations || records.size() <= entries) {
      // Tasks launched after the last iteration (lda's perplexity pass) are no iteration's.
      long lastEnd = records.isEmpty() ? Long.MAX_VALUE : records.get(records.size() - 1).endMs();
      return new Measured(
          tag,
          flexcodeRun(
              strategy, pattern, trace, new Clock(start, wall, cpu), exactLoss, records.size()),
          lastEnd);
    }
    // Run past the measured iterations: wall time, task-seconds and cost stop where they end.
    long cutMs = records.get(entries - 1).endMs();
    long pastMs = records.get(records.size() - 1).endMs() - cutMs;
    Clock measured = new Clock(start, wall - pastMs, cpu);
    Run whole = flexcodeRun(strategy, pattern, trace, measured, exactLoss, entries);
    return new Measured(tag, whole.cutAfter(entries), cutMs);
  }

  /**
   * A FlexCode run from its engine records (the exact loss evaluated when asked), its waste and
   * task compute from the first {@code measured} records.
   */
  private Run flexcodeRun(
      String strategy,
      StragglerPattern pattern,
      Workload.Trace trace,
      Clock clock,
      boolean evaluateExactLoss,
      int measured) {
    List<IterationRecord> records = trace.records();
    List<IterationRecord> counted = records.subList(0, measured);
    double[] ms = records.stream().mapToDouble(IterationRecord::durationMs).toArray();
    double[] end =
        at(
            records.stream().mapToDouble(r -> r.endMs() - clock.startMs()).toArray(),
            trace.lossEvaluations());
    long waste = counted.stream().mapToLong(IterationRecord::wasteMs).sum();
    long discarded = counted.stream().mapToLong(IterationRecord::cancelledTaskMs).sum();
    Run.Cost cost =
        new Run.Cost(
            0,
            waste,
            discarded,
            clock.wallMs(),
            meanTaskComputeMs(counted),
            clock.cpuUtilization());
    double[] exact = evaluateExactLoss ? workload.exactLoss(trace) : null;
    return new Run(
        strategy,
        pattern.spec(),
        ms,
        end,
        trace.loss(),
        exact,
        cost,
        records.stream().mapToDouble(DataShare::of).toArray(),
        records.stream().map(IterationRecord::choice).toList(),
        null);
  }

  /** The mean compute ms of the records' finished tasks, the injected delay excluded. */
  private static double meanTaskComputeMs(List<IterationRecord> records) {
    return records.stream()
        .flatMap(r -> r.finished().stream())
        .mapToDouble(t -> t.durationMs() - t.injectedDelayMs())
        .average()
        .orElse(Double.NaN);
  }

  /**
   * The end times of a run's loss entries: {@code ends}, one per evaluation, picked at {@code
   * evaluations} (the evaluation of each entry; null: entry i is evaluation i).
   */
  static double[] at(double[] ends, int[] evaluations) {
    if (evaluations == null) {
      return ends;
    }
    double[] picked = new double[evaluations.length];
    for (int k = 0; k < picked.length; k++) {
      picked[k] = evaluations[k] < ends.length ? ends[evaluations[k]] : Double.NaN;
    }
    return picked;
  }

  /** The runs with MLlib's iteration times and every run's task-seconds, from the listener. */
  List<Run> settle(List<Measured> measured) throws InterruptedException {
    Thread.sleep(1_000);
    List<Run> runs = new ArrayList<>();
    for (Measured m : measured) {
      Run run = m.run();
      Run.Cost cost = run.cost();
      double taskSeconds = listener.taskSeconds(m.tag(), m.cutMs());
      if (run.iterationMs() == null) {
        long start = (long) run.endMs()[0];
        List<BenchListener.Job> jobs =
            workload.mllibIterationJobs(listener.jobs(m.tag()), iterations);
        if (!jobs.isEmpty()) {
          // As for FlexCode's rows: tasks launched after the last iteration are no iteration's.
          taskSeconds = listener.taskSeconds(m.tag(), jobs.get(jobs.size() - 1).endMs());
        }
        double[] ms = workload.mllibIterationMs(jobs, iterations);
        double[] end =
            at(
                jobs.stream().mapToDouble(j -> j.endMs() - start).toArray(),
                workload.mllibLossJobs(jobs.size(), run.loss().length));
        BenchListener.Waste waste = listener.waste(jobs);
        runs.add(
            run.with(ms, end, cost.withTasks(taskSeconds, waste.barrierMs(), waste.discardedMs())));
      } else {
        runs.add(
            run.with(
                run.iterationMs(),
                run.endMs(),
                cost.withTasks(taskSeconds, cost.wasteMs(), cost.discardedMs())));
      }
    }
    return runs;
  }
}
