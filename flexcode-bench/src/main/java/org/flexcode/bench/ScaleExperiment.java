package org.flexcode.bench;

import static org.flexcode.bench.OptionValues.atLeastOne;
import static org.flexcode.bench.OptionValues.positiveIntegers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.cli.Args;
import org.flexcode.metrics.Errors;
import org.flexcode.metrics.SampleStats;
import org.flexcode.spark.internal.SparkInternals;

/**
 * {@code flexcode-submit bench --experiment scale}: the data plane, what the driver receives and
 * does per iteration. For each d of {@code --dimensions} and n of {@code --tasks}, a cached RDD of
 * n records in n partitions is summed with the dense statistic {@link DenseStatistic} (a d-vector
 * of non-zero doubles per block) by each contender: MLlib's {@code treeAggregate} at depth 2 and 3,
 * and the engine under {@code bsp}, {@code steal}, the default strategy ({@value
 * StrategyDefaults#STRATEGY}) and {@code cyclic:s=1}. After {@value #WARM_UP_ROUNDS} unmeasured
 * rounds, {@code --iterations} rounds each run every contender once, in an order rotated by the
 * round, each iteration after a garbage collection.
 *
 * <p>Per contender and iteration it reports (one Markdown row per d, n, contender; {@link
 * ScaleRow}):
 *
 * <ul>
 *   <li>the bytes of the task results the driver received, from {@link ScaleListener}: the sum of
 *       {@code TaskMetrics.resultSize} over every successful task of the contender's jobs. That
 *       size is the serialized {@code DirectTaskResult} the driver got, value and accumulator
 *       updates together: the engine's tasks return no value and send their partial results as
 *       accumulator updates, and {@code bsp}'s figure is above n x d x 8 bytes, so the updates are
 *       counted and nothing is added to it. Shuffle-map tasks (treeAggregate's inner levels) count
 *       with their map statuses;
 *   <li>the task results received (shuffle-map tasks included);
 *   <li>the driver time combining the results: for the engine the iteration record's decode time
 *       (its partial results are read as they arrive on Spark's event thread, outside it); n/a for
 *       {@code treeAggregate}, whose driver adds the last level's vectors inside the job;
 *   <li>the mean iteration time and the peak heap used ({@link HeapPeak}), absolute and over the
 *       heap left by the garbage collection before the iteration. Under a local master the
 *       executors run in the driver's JVM, so the heap holds their work too.
 * </ul>
 *
 * Every sum is checked against the exact one; the worst relative difference goes to the report.
 * Writes a JSON report and the Markdown table beside it.
 */
final class ScaleExperiment {

  /** The engine's strategies measured, by spec; the default strategy is named as such. */
  static final List<String> STRATEGIES =
      List.of("bsp", "steal", StrategyDefaults.STRATEGY, "cyclic:s=1");

  /** The treeAggregate depths measured. */
  static final List<Integer> TREE_DEPTHS = List.of(2, 3);

  /** Rounds of every contender before the measured ones (class loading, JIT, caches). */
  static final int WARM_UP_ROUNDS = 2;

  private static final double MB = 1024.0 * 1024.0;

  /** One measured iteration of a contender. */
  private record Sample(
      double wallMs, double combineMs, long peakBytes, long riseBytes, double error) {}

  private final JavaSparkContext jsc;
  private final ScaleListener listener;
  private final HeapPeak heap;
  private final int iterations;

  private ScaleExperiment(
      JavaSparkContext jsc, ScaleListener listener, HeapPeak heap, int iterations) {
    this.jsc = jsc;
    this.listener = listener;
    this.heap = heap;
    this.iterations = iterations;
  }

  /** Runs the experiment on the bench's options; writes its report to {@code report}. */
  static int run(JavaSparkContext jsc, Args args, Path report) throws IOException {
    List<Integer> dimensions =
        positiveIntegers(args.string("dimensions", null), List.of(4096, 65536), "--dimensions");
    List<Integer> tasks = positiveIntegers(args.string("tasks", null), List.of(16, 64), "--tasks");
    int iterations = atLeastOne(args.integer("iterations", 5), "--iterations");
    ScaleListener listener = new ScaleListener();
    jsc.sc().addSparkListener(listener);
    List<ScaleRow> rows = new ArrayList<>();
    try (HeapPeak heap = new HeapPeak()) {
      ScaleExperiment experiment = new ScaleExperiment(jsc, listener, heap, iterations);
      for (int d : dimensions) {
        for (int n : tasks) {
          rows.addAll(experiment.measure(d, n));
        }
      }
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
    write(report, args, jsc.master(), iterations, rows);
    return 0;
  }

  /** Every contender's row at dimension {@code d} over {@code n} tasks. */
  private List<ScaleRow> measure(int d, int n) {
    JavaRDD<Integer> records = jsc.parallelize(IntStream.range(0, n).boxed().toList(), n).cache();
    records.count();
    List<ScaleContender> contenders = contenders(records, d, n);
    try {
      List<List<Sample>> samples = new ArrayList<>();
      contenders.forEach(c -> samples.add(new ArrayList<>()));
      for (int round = -WARM_UP_ROUNDS; round < iterations; round++) {
        double model = round + WARM_UP_ROUNDS + 1;
        double[] exact = DenseStatistic.expectedSum(model, n, d);
        for (int k = 0; k < contenders.size(); k++) {
          int c = Math.floorMod(round + k, contenders.size());
          String tag = round < 0 ? null : tag(d, n, contenders.get(c));
          Sample sample = iterate(contenders.get(c), tag, model, exact);
          if (round >= 0) {
            samples.get(c).add(sample);
          }
        }
      }
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
      return rows(d, n, contenders, samples);
    } finally {
      contenders.forEach(ScaleContender::close);
      records.unpersist(false);
    }
  }

  /**
   * treeAggregate at each depth, then the engine under each strategy, over {@code records} ({@code
   * cyclic} decodes within 1e-9 up to 64 tasks: beyond, the fractional repetition code takes its
   * place).
   */
  private List<ScaleContender> contenders(JavaRDD<Integer> records, int d, int n) {
    List<ScaleContender> contenders = new ArrayList<>();
    for (int depth : TREE_DEPTHS) {
      contenders.add(ScaleContender.treeAggregate(records, d, depth));
    }
    for (String listed : STRATEGIES) {
      String spec =
          n > 64 && listed.startsWith("cyclic:") ? listed.replace("cyclic", "frc") : listed;
      String name = spec.equals(StrategyDefaults.STRATEGY) ? spec + " (default)" : spec;
      contenders.add(ScaleContender.flexcode(name, spec, records, d, WARM_UP_ROUNDS + iterations));
    }
    return contenders;
  }

  /**
   * One iteration of {@code contender} at {@code model}, its jobs tagged {@code tag} (null: not
   * measured), after a garbage collection.
   */
  private Sample iterate(ScaleContender contender, String tag, double model, double[] exact) {
    heap.reset();
    jsc.setLocalProperty(ScaleListener.CONTENDER_PROPERTY, tag);
    long start = System.nanoTime();
    ScaleContender.Outcome outcome;
    try {
      outcome = contender.iterate(model);
    } finally {
      jsc.setLocalProperty(ScaleListener.CONTENDER_PROPERTY, null);
    }
    double wallMs = (System.nanoTime() - start) / 1e6;
    long peak = heap.peakBytes();
    return new Sample(
        wallMs,
        outcome.combineMs(),
        peak,
        peak - heap.baselineBytes(),
        Errors.relative(outcome.sum(), exact));
  }

  private static String tag(int d, int n, ScaleContender contender) {
    return d + "|" + n + "|" + contender.name();
  }

  /** The rows of one size from the samples and the listener's traffic, in contender order. */
  private List<ScaleRow> rows(
      int d, int n, List<ScaleContender> contenders, List<List<Sample>> samples) {
    double treeBytes = listener.traffic(tag(d, n, contenders.get(0))).resultBytes();
    List<ScaleRow> rows = new ArrayList<>();
    for (int c = 0; c < contenders.size(); c++) {
      List<Sample> s = samples.get(c);
      ScaleListener.Traffic traffic = listener.traffic(tag(d, n, contenders.get(c)));
      double bytes = traffic.resultBytes() / (double) iterations;
      rows.add(
          new ScaleRow(
              d,
              n,
              contenders.get(c).name(),
              bytes,
              bytes / (treeBytes / iterations),
              traffic.taskResults() / (double) iterations,
              SampleStats.mean(s.stream().mapToDouble(Sample::combineMs).toArray()),
              SampleStats.mean(s.stream().mapToDouble(Sample::wallMs).toArray()),
              s.stream().mapToLong(Sample::peakBytes).max().orElse(0) / MB,
              s.stream().mapToLong(Sample::riseBytes).max().orElse(0) / MB,
              s.stream().mapToDouble(Sample::error).max().orElse(Double.NaN)));
    }
    System.out.printf(Locale.ROOT, "scale: d=%d, n=%d measured%n", d, n);
    return rows;
  }

  /** Writes the JSON report and the Markdown table beside it, and prints the table. */
  private static void write(
      Path report, Args args, String master, int iterations, List<ScaleRow> rows)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "scale: master %s, %d measured iterations per contender after %d warm-up%n%n",
            master,
            iterations,
            WARM_UP_ROUNDS));
    md.append(ScaleRow.markdownHeader());
    rows.forEach(r -> md.append(r.markdown()));
    ExperimentReport.write(
        report, "scale", args, master, rows.stream().map(ScaleRow::toMap).toList(), md.toString());
  }
}
