package org.flexcode.bench;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.mllib.linalg.DenseVector;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.cli.Args;
import org.flexcode.data.LibSvmReader;
import org.flexcode.data.Lines;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.entropy.internal.Selection;
import org.flexcode.metrics.Errors;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.JsonReports;
import org.flexcode.metrics.TimeToTarget;
import org.flexcode.optim.FlexCodeGradientDescent;
import org.flexcode.optim.OptimizationResult;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.workloads.internal.PointColourings;
import scala.Tuple2;

/**
 * {@code flexcode-submit bench --experiment shadow-quality}: do entropy-rich shadows beat random
 * ones? For each selector (entropy, random) and subset fraction f, on LIBSVM data (a9a):
 *
 * <ol>
 *   <li>gradient quality: along the exact gradient-descent trajectory (LogisticGradient,
 *       SimpleUpdater), the cosine similarity and relative error of each block's shadow estimate
 *       (the weighted subset the engine's shadows hold, picked with the same colouring, budget and
 *       seed) to the block's true gradient, averaged over blocks and iterations;
 *   <li>training: {@code shadow:m=1,f,selector} under a straggler pattern (default slow-worker),
 *       next to {@code bsp} and {@code ignore:b=1}: final loss, test accuracy and time to the
 *       target loss (bsp's final loss + 0.5%) after equal iterations.
 * </ol>
 *
 * Writes a JSON report, a Markdown table and a PNG (cosine against f per selector).
 */
final class ShadowQualityExperiment {

  private static final List<String> SELECTORS = List.of("entropy", "random");
  private static final double TARGET_MARGIN = 0.005;

  /** One selector at one fraction. */
  record Config(String selector, double fraction) implements Serializable {
    String spec() {
      return "shadow:m=1,f=" + fraction + (selector.equals("entropy") ? "" : ",selector=random");
    }
  }

  /** A block's records and, per config, the subset its shadow would hold. */
  record BlockSamples(int block, List<Tuple2<Object, Vector>> records, List<Selection> selections)
      implements Serializable {}

  private final JavaSparkContext jsc;
  private final Args args;
  private final String train;
  private final int partitions;
  private final int iterations;
  private final double step;
  private final long seed;
  private final List<Double> fractions = new ArrayList<>();
  private final StragglerPattern pattern;
  private final List<Config> configs = new ArrayList<>();

  private ShadowQualityExperiment(JavaSparkContext jsc, Args args) {
    this.jsc = jsc;
    this.args = args;
    train = args.required("train");
    partitions = args.integer("partitions", 8);
    iterations = args.integer("iterations", 30);
    step = args.number("step-size", 4.0);
    seed = args.integer("seed", 7);
    for (String f : args.string("fractions", "0.02,0.05,0.1,0.2").split(",")) {
      fractions.add(Double.parseDouble(f.trim()));
    }
    List<String> patternSpecs = args.all("pattern");
    pattern =
        StragglerPattern.parse(
            patternSpecs.isEmpty() ? "slow-worker:p=0.2,max=2" : patternSpecs.get(0));
    for (String selector : SELECTORS) {
      for (double f : fractions) {
        configs.add(new Config(selector, f));
      }
    }
  }

  /** Runs the experiment on the bench's options; writes its report to {@code report}. */
  static int run(JavaSparkContext jsc, Args args, Path report) throws IOException {
    return new ShadowQualityExperiment(jsc, args).run(report);
  }

  /** The training runs' figures (by spec) and the target loss they were measured against. */
  private record Training(double target, Map<String, Map<String, Object>> bySpec) {}

  private int run(Path report) throws IOException {
    int numFeatures = LibSvmReader.maxFeatureIndex(jsc, train, partitions);
    JavaRDD<Tuple2<Object, Vector>> data =
        Lines.validated(LibSvmReader.read(jsc, train, numFeatures, partitions))
            .map(p -> new Tuple2<>((Object) p.label(), p.features()))
            .repartition(partitions)
            .cache();
    long rows = data.count();
    System.out.printf(
        Locale.ROOT,
        "shadow-quality: %d rows, %d features, %d blocks, %d iterations, pattern %s%n",
        rows,
        numFeatures,
        partitions,
        iterations,
        pattern.spec());
    double[][] cosine = gradientQuality(data, numFeatures);
    Training training = trainingRuns(data, numFeatures);
    List<Map<String, Object>> table = new ArrayList<>();
    for (int c = 0; c < configs.size(); c++) {
      Config config = configs.get(c);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("selector", config.selector());
      row.put("fraction", config.fraction());
      row.put("mean_cosine", cosine[c][0]);
      row.put("mean_relative_error", cosine[c][1]);
      row.putAll(training.bySpec().get(config.spec()));
      table.add(row);
    }
    Map<String, Object> trainingReport = new LinkedHashMap<>();
    trainingReport.put("pattern", pattern.spec());
    trainingReport.put("target_loss", training.target());
    trainingReport.put("runs", training.bySpec());
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("job", "bench");
    root.put("experiment", "shadow-quality");
    root.put("params", args.asParams());
    root.put("rows", rows);
    root.put("table", table);
    root.put("training", trainingReport);
    JsonReports.write(report, root);
    String md = markdown(rows, training, table);
    Path markdown = BenchReport.sibling(report, ".md");
    Files.writeString(markdown, md);
    Path plot = BenchReport.sibling(report, "-cosine.png");
    BenchPlots.cosine(plot, configs, fractions, cosine);
    System.out.print(md);
    System.out.println("report: " + report.toAbsolutePath());
    System.out.println("table: " + markdown.toAbsolutePath());
    System.out.println("plot: " + plot.toAbsolutePath());
    data.unpersist(false);
    return 0;
  }

  /**
   * Trains {@code bsp}, {@code ignore:b=1} and every config's shadow spec under the pattern: final
   * loss, test accuracy (with --test), mean iteration time, time to the target loss (bsp's final
   * loss without stragglers + 0.5%) and iterations with shadow estimates.
   */
  private Training trainingRuns(JavaRDD<Tuple2<Object, Vector>> data, int numFeatures) {
    String test = args.string("test", null);
    List<String> specs = new ArrayList<>(List.of("bsp", "ignore:b=1"));
    configs.forEach(c -> specs.add(c.spec()));
    OptimizationResult ideal = train(data, "bsp", StragglerPattern.ideal(), seed, step, iterations);
    double target = last(ideal.lossHistory()) * (1 + TARGET_MARGIN);
    List<LabeledPoint> testPoints =
        test == null ? List.of() : LibSvmReader.read(jsc, test, numFeatures, partitions).collect();
    Map<String, Map<String, Object>> bySpec = new LinkedHashMap<>();
    for (String spec : specs) {
      long start = System.currentTimeMillis();
      OptimizationResult r = train(data, spec, pattern, seed, step, iterations);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("final_loss", last(r.lossHistory()));
      row.put("test_accuracy", testPoints.isEmpty() ? null : accuracy(r.weights(), testPoints));
      row.put("mean_iteration_ms", meanMs(r.records()));
      row.put("time_to_target_ms", timeToTarget(r, target, start));
      row.put(
          "iterations_with_shadow_estimates",
          r.records().stream().filter(x -> !x.estimatedBlocks().isEmpty()).count());
      bySpec.put(spec, row);
      System.out.printf(Locale.ROOT, "shadow-quality: %-34s %s%n", spec, row);
    }
    return new Training(target, bySpec);
  }

  /** The Markdown table: one line per config, then the bsp and ignore references. */
  private String markdown(long rows, Training training, List<Map<String, Object>> table) {
    StringBuilder md = new StringBuilder("# Shadow quality: entropy-rich vs random subsets\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "%d rows of %s, %d blocks, %d iterations; training under %s; target loss %.6f"
                + " (bsp's final loss + %.1f%%)%n%n",
            rows,
            Path.of(train).getFileName(),
            partitions,
            iterations,
            pattern.spec(),
            training.target(),
            TARGET_MARGIN * 100));
    md.append(
        "| selector | f | mean cosine | mean relative error | final loss | test accuracy |"
            + " time to target ms | iterations with estimates |\n"
            + "|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> row : table) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %.4f | %.4f | %.6f | %s | %s | %s |%n",
              row.get("selector"),
              row.get("fraction"),
              (Double) row.get("mean_cosine"),
              (Double) row.get("mean_relative_error"),
              (Double) row.get("final_loss"),
              accuracyCell(row),
              targetCell(row),
              row.get("iterations_with_shadow_estimates")));
    }
    for (String spec : List.of("bsp", "ignore:b=1")) {
      Map<String, Object> run = training.bySpec().get(spec);
      md.append(
          String.format(
              Locale.ROOT,
              "| (%s) | | | | %.6f | %s | %s | |%n",
              spec,
              (Double) run.get("final_loss"),
              accuracyCell(run),
              targetCell(run)));
    }
    return md.toString();
  }

  private static String accuracyCell(Map<String, Object> run) {
    return run.get("test_accuracy") == null
        ? ""
        : String.format(Locale.ROOT, "%.4f", (Double) run.get("test_accuracy"));
  }

  private static Object targetCell(Map<String, Object> run) {
    return run.get("time_to_target_ms") == null ? "not reached" : run.get("time_to_target_ms");
  }

  /** [config][0] mean cosine, [config][1] mean relative error, over blocks and iterations. */
  private double[][] gradientQuality(JavaRDD<Tuple2<Object, Vector>> data, int numFeatures) {
    JavaRDD<BlockSamples> samples = samples(data, configs);
    double[][] sums = new double[configs.size()][2];
    long count = 0;
    Vector weights = Vectors.zeros(numFeatures);
    SimpleUpdater updater = new SimpleUpdater();
    for (int t = 1; t <= iterations; t++) {
      Broadcast<Vector> w = jsc.broadcast(weights);
      List<double[][]> perBlock =
          samples.map(b -> blockGradients(b, w.value(), numFeatures)).collect();
      w.destroy();
      double[] total = new double[numFeatures];
      double records = 0;
      for (double[][] block : perBlock) {
        for (int d = 0; d < numFeatures; d++) {
          total[d] += block[0][d];
        }
        records += block[0][numFeatures];
        for (int c = 0; c < configs.size(); c++) {
          sums[c][0] += cosine(block[0], block[c + 1], numFeatures);
          sums[c][1] += relativeError(block[0], block[c + 1], numFeatures);
        }
        count++;
      }
      for (int d = 0; d < numFeatures; d++) {
        total[d] /= records;
      }
      weights = updater.compute(weights, Vectors.dense(total), step, t, 0.0)._1();
    }
    samples.unpersist(false);
    for (double[] s : sums) {
      s[0] /= count;
      s[1] /= count;
    }
    return sums;
  }

  /** Every block's records with, per config, the subset its shadow would hold (cached). */
  private static JavaRDD<BlockSamples> samples(
      JavaRDD<Tuple2<Object, Vector>> data, List<Config> configs) {
    Colouring<Tuple2<Object, Vector>> colouring = PointColourings.mllibPairs();
    List<ShadowSpec> specs = new ArrayList<>();
    for (Config c : configs) {
      specs.add(new ShadowSpec(1, c.fraction(), c.selector(), 42L));
    }
    return data.mapPartitionsWithIndex(
            (block, it) -> {
              List<Tuple2<Object, Vector>> records = new ArrayList<>();
              it.forEachRemaining(records::add);
              int[] colours = colouring.colours(records);
              List<Selection> selections = new ArrayList<>();
              for (ShadowSpec spec : specs) {
                selections.add(
                    spec.selector()
                        .selector()
                        .select(colours, spec.budget(records.size()), spec.selectionSeed(block)));
              }
              return List.of(new BlockSamples(block, records, selections)).iterator();
            },
            true)
        .cache();
  }

  /**
   * On an executor: [0] the block's true gradient at {@code w} followed by its record count, [c +
   * 1] the weighted subset estimate of config c.
   */
  private static double[][] blockGradients(BlockSamples b, Vector w, int numFeatures) {
    LogisticGradient gradient = new LogisticGradient();
    double[][] out = new double[b.selections().size() + 1][];
    double[] trueGradient = new double[numFeatures];
    DenseVector truth = new DenseVector(trueGradient);
    for (Tuple2<Object, Vector> p : b.records()) {
      gradient.compute(p._2(), (Double) p._1(), w, truth);
    }
    out[0] = Arrays.copyOf(trueGradient, numFeatures + 1);
    out[0][numFeatures] = b.records().size();
    for (int c = 0; c < b.selections().size(); c++) {
      Selection s = b.selections().get(c);
      int[] indices = s.indices();
      double[] sw = s.weights();
      out[c + 1] = new double[numFeatures];
      double[] g = new double[numFeatures];
      DenseVector one = new DenseVector(g);
      for (int k = 0; k < indices.length; k++) {
        Arrays.fill(g, 0.0);
        Tuple2<Object, Vector> p = b.records().get(indices[k]);
        gradient.compute(p._2(), (Double) p._1(), w, one);
        for (int d = 0; d < numFeatures; d++) {
          out[c + 1][d] += sw[k] * g[d];
        }
      }
    }
    return out;
  }

  private static OptimizationResult train(
      JavaRDD<Tuple2<Object, Vector>> data,
      String spec,
      StragglerPattern pattern,
      long seed,
      double step,
      int iterations) {
    int numFeatures = data.first()._2().size();
    AggregatorOptions options =
        AggregatorOptions.fromConf(data.context().getConf())
            .withInjector(new StragglerInjector(pattern, seed))
            .withWorkload("shadow-quality " + spec, iterations);
    return new FlexCodeGradientDescent(new LogisticGradient(), new SimpleUpdater())
        .setStepSize(step)
        .setNumIterations(iterations)
        .setConvergenceTol(0.0)
        .setStrategy(AggregationStrategy.parse(spec))
        .setOptions(options)
        .optimizeWithLossHistory(data.rdd(), Vectors.zeros(numFeatures));
  }

  private static double accuracy(Vector weights, List<LabeledPoint> points) {
    double[] w = weights.toArray();
    long correct = 0;
    for (LabeledPoint p : points) {
      double margin = 0;
      Vector x = p.features();
      if (x instanceof org.apache.spark.mllib.linalg.SparseVector sparse) {
        for (int k = 0; k < sparse.indices().length; k++) {
          margin += w[sparse.indices()[k]] * sparse.values()[k];
        }
      } else {
        double[] v = x.toArray();
        for (int d = 0; d < v.length; d++) {
          margin += w[d] * v[d];
        }
      }
      if ((margin > 0 ? 1.0 : 0.0) == p.label()) {
        correct++;
      }
    }
    return (double) correct / points.size();
  }

  private static Double timeToTarget(OptimizationResult r, double target, long start) {
    double[] elapsed = r.records().stream().mapToDouble(x -> x.endMs() - start).toArray();
    return TimeToTarget.of(r.lossHistory(), elapsed, target);
  }

  private static double meanMs(List<IterationRecord> records) {
    return records.stream().mapToLong(IterationRecord::durationMs).average().orElse(Double.NaN);
  }

  private static double last(double[] xs) {
    return xs.length == 0 ? Double.NaN : xs[xs.length - 1];
  }

  static double cosine(double[] a, double[] b, int n) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int d = 0; d < n; d++) {
      dot += a[d] * b[d];
      na += a[d] * a[d];
      nb += b[d] * b[d];
    }
    return na == 0 || nb == 0 ? 0.0 : dot / Math.sqrt(na * nb);
  }

  /** The estimate's error relative to the block's gradient (its first n entries). */
  private static double relativeError(double[] truth, double[] estimate, int n) {
    return Errors.relative(Arrays.copyOf(estimate, n), Arrays.copyOf(truth, n));
  }
}
