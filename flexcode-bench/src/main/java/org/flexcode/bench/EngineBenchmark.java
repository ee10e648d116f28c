package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.mllib.linalg.DenseVector;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.mllib.util.MLUtils;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.metrics.Errors;
import org.flexcode.metrics.SampleStats;

/**
 * Per-iteration time of the engine against MLlib's {@code treeAggregate} (depth 2, as {@code
 * GradientDescent} uses it) on the same cached RDD, with no stragglers: each iteration computes the
 * logistic-regression gradient and loss of a9a with MLlib's {@code LogisticGradient} for fresh
 * weights, once per contender, in rotating order, and checks that every contender's sum equals
 * {@code treeAggregate}'s.
 *
 * <p>Usage: {@code EngineBenchmark [--master local[2]] [--data datasets/a9a/a9a] [--partitions 8]
 * [--iterations 100] [--warmup 10] [--strategies bsp,cyclic:s=1,frc:s=1]}
 */
public final class EngineBenchmark {

  private static final int FEATURES = 123;

  private EngineBenchmark() {}

  public static void main(String[] args) {
    Map<String, String> opts = options(args);
    int partitions = Integer.parseInt(opts.get("partitions"));
    int iterations = Integer.parseInt(opts.get("iterations"));
    int warmup = Integer.parseInt(opts.get("warmup"));
    SparkConf conf =
        new SparkConf()
            .setAppName("FlexCode engine benchmark")
            .setIfMissing("spark.master", opts.get("master"))
            .setIfMissing("spark.ui.enabled", "false");
    try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
      jsc.setLogLevel("WARN");
      JavaRDD<LabeledPoint> points =
          MLUtils.loadLibSVMFile(jsc.sc(), opts.get("data"), FEATURES)
              .toJavaRDD()
              .map(p -> new LabeledPoint(p.label() > 0 ? 1.0 : 0.0, p.features()))
              .repartition(partitions)
              .cache();
      long count = points.count();
      List<String> names = new ArrayList<>();
      names.add("treeAggregate");
      List<CodedAggregator<LabeledPoint>> engines =
          engines(points, opts.get("strategies"), iterations, names);
      int contenders = names.size();
      double[][] millis = new double[contenders][iterations];
      double worstError = 0;
      SplittableRandom random = new SplittableRandom(1);
      for (int it = -warmup; it < iterations; it++) {
        double[] weights = new double[FEATURES];
        for (int d = 0; d < FEATURES; d++) {
          weights[d] = random.nextDouble(-0.1, 0.1);
        }
        double[] reference = null;
        double[][] sums = new double[contenders][];
        for (int k = 0; k < contenders; k++) {
          int c = Math.floorMod(it + k, contenders);
          long start = System.nanoTime();
          sums[c] =
              c == 0
                  ? treeAggregate(jsc, points, weights)
                  : engines.get(c - 1).aggregate(weights, GRADIENT, FEATURES + 2).values();
          if (it >= 0) {
            millis[c][it] = (System.nanoTime() - start) / 1e6;
          }
        }
        reference = sums[0];
        for (int c = 1; c < contenders; c++) {
          worstError = Math.max(worstError, Errors.relative(sums[c], reference));
        }
      }
      System.out.printf(
          "a9a: %d records, %d partitions, master %s, %d iterations after %d warm-up%n",
          count, partitions, jsc.master(), iterations, warmup);
      printTable(names, millis);
      System.out.printf("worst relative difference to treeAggregate's sum: %.2e%n", worstError);
      engines.forEach(CodedAggregator::close);
    }
  }

  /** The options, defaults filled in; fails on an unknown or incomplete one. */
  private static Map<String, String> options(String[] args) {
    Map<String, String> opts = new LinkedHashMap<>();
    opts.put("master", "local[2]");
    opts.put("data", "datasets/a9a/a9a");
    opts.put("partitions", "8");
    opts.put("iterations", "100");
    opts.put("warmup", "10");
    opts.put("strategies", "bsp,cyclic:s=1,frc:s=1");
    for (int i = 0; i < args.length; i += 2) {
      if (!args[i].startsWith("--")
          || i + 1 >= args.length
          || !opts.containsKey(args[i].substring(2))) {
        throw new IllegalArgumentException(
            "unknown or incomplete option '" + args[i] + "'; options: " + opts.keySet());
      }
      opts.put(args[i].substring(2), args[i + 1]);
    }
    return opts;
  }

  /** One engine per strategy spec of the comma-separated {@code specs}; their names go to names. */
  private static List<CodedAggregator<LabeledPoint>> engines(
      JavaRDD<LabeledPoint> points, String specs, int iterations, List<String> names) {
    List<CodedAggregator<LabeledPoint>> engines = new ArrayList<>();
    for (String spec : specs.split(",")) {
      AggregationStrategy strategy = AggregationStrategy.parse(spec);
      names.add(strategy.spec());
      engines.add(
          CodedAggregator.create(
              points,
              strategy,
              AggregatorOptions.defaults().withWorkload("benchmark", iterations)));
    }
    return engines;
  }

  /** The Markdown table of the contenders' iteration times. */
  private static void printTable(List<String> names, double[][] millis) {
    System.out.println("| contender | mean ms | p50 ms | p95 ms | mean vs treeAggregate |");
    System.out.println("|---|---|---|---|---|");
    double base = SampleStats.mean(millis[0]);
    for (int c = 0; c < names.size(); c++) {
      System.out.printf(
          "| %s | %.1f | %.1f | %.1f | %.2f |%n",
          names.get(c),
          SampleStats.mean(millis[c]),
          SampleStats.percentile(millis[c], 0.5),
          SampleStats.percentile(millis[c], 0.95),
          SampleStats.mean(millis[c]) / base);
    }
  }

  /** Gradient (123), loss, count of a block with MLlib's LogisticGradient. */
  private static final BlockStatistic<LabeledPoint, double[]> GRADIENT =
      (weights, iteration, block, records, out) -> {
        LogisticGradient gradient = new LogisticGradient();
        Vector w = Vectors.dense(weights);
        double[] g = new double[FEATURES];
        DenseVector cumulative = new DenseVector(g);
        double loss = 0;
        for (LabeledPoint p : records) {
          loss += gradient.compute(p.features(), p.label(), w, cumulative);
        }
        for (int d = 0; d < FEATURES; d++) {
          out[d] += g[d];
        }
        out[FEATURES] += loss;
        out[FEATURES + 1] += records.size();
      };

  private static double[] treeAggregate(
      JavaSparkContext jsc, JavaRDD<LabeledPoint> points, double[] weights) {
    Broadcast<double[]> bc = jsc.broadcast(weights);
    double[] zero = new double[FEATURES + 2];
    double[] sum =
        points.treeAggregate(
            zero,
            (acc, p) -> {
              double[] g = Arrays.copyOf(acc, FEATURES);
              double loss =
                  new LogisticGradient()
                      .compute(
                          p.features(), p.label(), Vectors.dense(bc.value()), new DenseVector(g));
              System.arraycopy(g, 0, acc, 0, FEATURES);
              acc[FEATURES] += loss;
              acc[FEATURES + 1] += 1;
              return acc;
            },
            (a, b) -> {
              for (int d = 0; d < a.length; d++) {
                a[d] += b[d];
              }
              return a;
            },
            2);
    bc.destroy();
    return sum;
  }
}
