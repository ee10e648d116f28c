package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.GradientDescent;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.cli.Args;
import org.flexcode.data.LibSvmReader;
import org.flexcode.data.Lines;
import org.flexcode.metrics.SampleStats;
import org.flexcode.optim.FlexCodeGradientDescent;
import org.flexcode.optim.OptimizationResult;
import scala.Tuple2;

/**
 * The drop-in optimizer against MLlib's {@code GradientDescent.runMiniBatchSGD} on a9a, same cached
 * data and partitions, no stragglers: LogisticGradient, SimpleUpdater, step 4.0, regParam 0,
 * miniBatchFraction 1, convergenceTol 0 (every iteration runs). Each contender runs {@code
 * --rounds} times in rotating order after one warm-up round; prints ms per pass (numIterations + 1
 * aggregations, as MLlib makes) and the final loss.
 *
 * <p>Usage: {@code OptimizerBenchmark [--master local[2]] [--data datasets/a9a/a9a] [--partitions
 * 8] [--iterations 100] [--rounds 2] [--strategies bsp,cyclic:s=1,frc:s=1]}
 */
public final class OptimizerBenchmark {

  private OptimizerBenchmark() {}

  public static void main(String[] argv) {
    Args args =
        new Args(
            "OptimizerBenchmark",
            argv,
            0,
            java.util.Set.of("master", "data", "partitions", "iterations", "rounds", "strategies"));
    int partitions = args.integer("partitions", 8);
    int iterations = args.integer("iterations", 100);
    int rounds = args.integer("rounds", 2);
    List<String> contenders = new ArrayList<>();
    contenders.add("mllib");
    contenders.addAll(List.of(args.string("strategies", "bsp,cyclic:s=1,frc:s=1").split(",")));
    SparkConf conf =
        new SparkConf()
            .setAppName("FlexCode optimizer benchmark")
            .setIfMissing("spark.master", args.string("master", "local[2]"))
            .setIfMissing("spark.ui.enabled", "false");
    try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
      jsc.setLogLevel("ERROR");
      JavaRDD<Tuple2<Object, Vector>> data =
          Lines.validated(
                  LibSvmReader.read(jsc, args.string("data", "datasets/a9a/a9a"), 123, partitions))
              .map(p -> new Tuple2<>((Object) p.label(), p.features()))
              .repartition(partitions)
              .cache();
      long records = data.count();
      double[][] millis = new double[contenders.size()][rounds];
      double[] finalLoss = new double[contenders.size()];
      for (int round = -1; round < rounds; round++) {
        for (int k = 0; k < contenders.size(); k++) {
          int c = Math.floorMod(k + round, contenders.size());
          long start = System.nanoTime();
          double[] history = run(contenders.get(c), data, iterations);
          double ms = (System.nanoTime() - start) / 1e6;
          if (round >= 0) {
            millis[c][round] = ms / history.length;
            finalLoss[c] = history[history.length - 1];
          }
        }
      }
      System.out.printf(
          "a9a: %d records, %d partitions, master %s, %d iterations, %d rounds after a warm-up%n",
          records, partitions, jsc.master(), iterations, rounds);
      System.out.println(
          "| contender | ms per iteration (mean of rounds) | vs mllib | final loss |");
      System.out.println("|---|---|---|---|");
      double base = SampleStats.mean(millis[0]);
      for (int c = 0; c < contenders.size(); c++) {
        System.out.printf(
            "| %s | %.1f | %.2f | %.10f |%n",
            contenders.get(c),
            SampleStats.mean(millis[c]),
            SampleStats.mean(millis[c]) / base,
            finalLoss[c]);
      }
    }
  }

  private static double[] run(
      String contender, JavaRDD<Tuple2<Object, Vector>> data, int iterations) {
    Vector initial = Vectors.zeros(123);
    if (contender.equals("mllib")) {
      return GradientDescent.runMiniBatchSGD(
              data.rdd(),
              new LogisticGradient(),
              new SimpleUpdater(),
              4.0,
              iterations,
              0.0,
              1.0,
              initial,
              0.0)
          ._2();
    }
    OptimizationResult result =
        new FlexCodeGradientDescent(new LogisticGradient(), new SimpleUpdater())
            .setStepSize(4.0)
            .setNumIterations(iterations)
            .setConvergenceTol(0.0)
            .setStrategy(AggregationStrategy.parse(contender))
            .optimizeWithLossHistory(data.rdd(), initial);
    return result.lossHistory();
  }
}
