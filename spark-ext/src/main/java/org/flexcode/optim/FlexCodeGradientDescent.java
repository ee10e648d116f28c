package org.flexcode.optim;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.mllib.linalg.DenseVector;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.Gradient;
import org.apache.spark.mllib.optimization.Optimizer;
import org.apache.spark.mllib.optimization.Updater;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.workloads.internal.PointColourings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * A drop-in for MLlib's {@code GradientDescent}: the same {@link Gradient} and {@link Updater}, the
 * same parameters and defaults (stepSize 1.0, numIterations 100, regParam 0.0, miniBatchFraction
 * 1.0, convergenceTol 0.001), the same step schedule (the updater's {@code stepSize / sqrt(i)}),
 * the same loss history (batch mean loss at the previous weights plus the previous regularization
 * value) and the same convergence test (||w_prev - w|| < tol x max(||w||, 1)). Like MLlib 3.5 and
 * 4.1, after numIterations updates it makes one more pass that only records the loss of the final
 * weights (so the history has numIterations + 1 entries unless it converges first). The
 * per-iteration {@code treeAggregate} is replaced by {@link CodedAggregator} with the chosen
 * strategy.
 *
 * <p>With miniBatchFraction 1 and an exact strategy the result equals {@code
 * GradientDescent.runMiniBatchSGD}'s up to rounding. With miniBatchFraction < 1 each record is kept
 * with probability miniBatchFraction, drawn from a generator seeded by (42 + iteration, block), so
 * every copy of a block samples the same records and decoding stays exact (MLlib's {@code
 * RDD.sample} draws differently, so the batches differ from MLlib's while following the same law).
 * Under {@code ignore} the batch is the records of the tasks that arrived.
 *
 * <p>Block j is partition j of the data (see {@link CodedAggregator#create}).
 */
public final class FlexCodeGradientDescent implements Optimizer {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(FlexCodeGradientDescent.class);

  private Gradient gradient;
  private Updater updater;
  private double stepSize = 1.0;
  private int numIterations = 100;
  private double regParam = 0.0;
  private double miniBatchFraction = 1.0;
  private double convergenceTol = 0.001;
  private AggregationStrategy strategy = AggregationStrategy.defaultStrategy();
  private AggregatorOptions options;
  private transient IterationListener listener = (i, loss, record) -> {};
  private transient OptimizationResult lastResult;

  /**
   * An optimizer for {@code gradient} and {@code updater}, with MLlib's defaults and the default
   * strategy.
   */
  public FlexCodeGradientDescent(Gradient gradient, Updater updater) {
    this.gradient = gradient;
    this.updater = updater;
  }

  public FlexCodeGradientDescent setGradient(Gradient gradient) {
    this.gradient = gradient;
    return this;
  }

  public FlexCodeGradientDescent setUpdater(Updater updater) {
    this.updater = updater;
    return this;
  }

  /** Initial step size; iteration i uses stepSize / sqrt(i) through the updater. */
  public FlexCodeGradientDescent setStepSize(double stepSize) {
    if (!(stepSize > 0) || Double.isInfinite(stepSize)) {
      throw new IllegalArgumentException("stepSize must be a positive number, got " + stepSize);
    }
    this.stepSize = stepSize;
    return this;
  }

  public FlexCodeGradientDescent setNumIterations(int numIterations) {
    if (numIterations < 0) {
      throw new IllegalArgumentException("numIterations must be >= 0, got " + numIterations);
    }
    this.numIterations = numIterations;
    return this;
  }

  public FlexCodeGradientDescent setRegParam(double regParam) {
    if (!(regParam >= 0) || Double.isInfinite(regParam)) {
      throw new IllegalArgumentException("regParam must be >= 0, got " + regParam);
    }
    this.regParam = regParam;
    return this;
  }

  public FlexCodeGradientDescent setMiniBatchFraction(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("miniBatchFraction must be in (0, 1], got " + fraction);
    }
    this.miniBatchFraction = fraction;
    return this;
  }

  public FlexCodeGradientDescent setConvergenceTol(double tol) {
    if (!(tol >= 0 && tol <= 1)) {
      throw new IllegalArgumentException("convergenceTol must be in [0, 1], got " + tol);
    }
    this.convergenceTol = tol;
    return this;
  }

  /** How each iteration's gradient is aggregated (auto:exact=true by default). */
  public FlexCodeGradientDescent setStrategy(AggregationStrategy strategy) {
    this.strategy = strategy;
    return this;
  }

  /** Engine options; by default the {@code spark.flexcode.*} keys of the data's SparkConf. */
  public FlexCodeGradientDescent setOptions(AggregatorOptions options) {
    this.options = options;
    return this;
  }

  /** Called after each iteration on the driver. */
  public FlexCodeGradientDescent setIterationListener(IterationListener listener) {
    this.listener = listener == null ? (i, loss, record) -> {} : listener;
    return this;
  }

  /** The result of the last {@link #optimize} call (loss history and iteration records). */
  public OptimizationResult lastResult() {
    return lastResult;
  }

  @Override
  public Vector optimize(RDD<Tuple2<Object, Vector>> data, Vector initialWeights) {
    return optimizeWithLossHistory(data, initialWeights).weights();
  }

  /** Runs gradient descent; returns the weights, the loss history and the iteration records. */
  public OptimizationResult optimizeWithLossHistory(
      RDD<Tuple2<Object, Vector>> data, Vector initialWeights) {
    if (gradient == null || updater == null) {
      throw new IllegalStateException("set a Gradient and an Updater before optimizing");
    }
    JavaRDD<Tuple2<Object, Vector>> points = data.toJavaRDD();
    AggregatorOptions resolved =
        (options != null ? options : AggregatorOptions.fromConf(data.context().getConf()))
            .withWorkload("gradient descent", numIterations);
    int n = initialWeights.size();
    try (CodedObjective<Tuple2<Object, Vector>, Vector> engine =
        CodedObjective.open(
            points,
            strategy,
            resolved,
            PointColourings.mllibPairs(),
            blockGradient(gradient, n, miniBatchFraction),
            n + 2)) {
      long numExamples = engine.totalRecords();
      if (numExamples == 0) {
        LOG.warn(
            "FlexCodeGradientDescent.runMiniBatchSGD returning initial weights, no data found");
        return remember(new OptimizationResult(initialWeights, new double[0], List.of()));
      }
      if (numExamples * miniBatchFraction < 1) {
        LOG.warn("The miniBatchFraction is too small");
      }
      Vector weights = Vectors.dense(initialWeights.toArray());
      UpdaterStep step = new UpdaterStep(updater, stepSize, regParam);
      step.regVal = regValue(updater.compute(weights, Vectors.zeros(n), 0, 1, regParam));
      // As MLlib 3.5 and 4.1: numIterations updates, then one more pass for the final loss, and
      // the convergence test from the second update on.
      Solution solution =
          GradientDescent.run(
              batchMean(engine, step),
              step,
              weights.toArray(),
              new GradientDescent.Settings(numIterations, convergenceTol, 2, true));
      return remember(
          new OptimizationResult(
              Vectors.dense(solution.x()), solution.history(), engine.records()));
    }
  }

  /**
   * The batch's mean gradient at the weights, and its mean loss plus the regularization value of
   * the weights (kept by {@code step}); empty for an empty batch.
   */
  private GradientDescent.Oracle batchMean(
      CodedObjective<Tuple2<Object, Vector>, Vector> engine, UpdaterStep step) {
    return (x, i) -> {
      AggregateResult result = engine.evaluate(Vectors.dense(x));
      double[] sum = result.values();
      if (!(sum[sum.length - 1] > 0)) {
        LOG.warn("Iteration ({}/{}). The size of sampled batch is zero", i, numIterations);
        listener.onIteration(i, Double.NaN, result.record());
        return GradientDescent.Evaluation.EMPTY;
      }
      double[] means = CodedObjective.means(sum);
      double loss = means[means.length - 1] + step.regVal;
      listener.onIteration(i, loss, result.record());
      return new GradientDescent.Evaluation(loss, Arrays.copyOf(means, means.length - 1));
    };
  }

  /**
   * The MLlib updater's step (stepSize / sqrt(i) in MLlib's updaters), which also gives the
   * regularization value of the point it moves to.
   */
  private static final class UpdaterStep implements GradientDescent.UpdateRule {
    private final Updater updater;
    private final double stepSize;
    private final double regParam;

    /** The regularization value of the current point. */
    double regVal;

    UpdaterStep(Updater updater, double stepSize, double regParam) {
      this.updater = updater;
      this.stepSize = stepSize;
      this.regParam = regParam;
    }

    @Override
    public void move(double[] x, double[] mean, int i, double[] step) {
      Tuple2<Vector, Object> update =
          updater.compute(Vectors.dense(x.clone()), Vectors.dense(mean), stepSize, i, regParam);
      double[] next = update._1().toArray();
      for (int d = 0; d < x.length; d++) {
        step[d] = x[d] - next[d];
        x[d] = next[d];
      }
      regVal = regValue(update);
    }
  }

  private OptimizationResult remember(OptimizationResult result) {
    lastResult = result;
    return result;
  }

  private static double regValue(Tuple2<Vector, Object> update) {
    return ((Number) update._2()).doubleValue();
  }

  /** (sum of gradients, sum of losses, count) of a block's sampled records. */
  private static BlockStatistic<Tuple2<Object, Vector>, Vector> blockGradient(
      Gradient gradient, int n, double fraction) {
    BlockStatistic<Tuple2<Object, Vector>, Vector> statistic =
        (weights, iteration, block, records, out) -> {
          double[] g = new double[n];
          DenseVector cumulative = new DenseVector(g);
          SplittableRandom sampler =
              fraction < 1.0 ? new SplittableRandom(mix(42L + iteration + 1, block)) : null;
          double loss = 0;
          long count = 0;
          for (Tuple2<Object, Vector> point : records) {
            if (sampler != null && sampler.nextDouble() >= fraction) {
              continue;
            }
            loss += gradient.compute(point._2(), (Double) point._1(), weights, cumulative);
            count++;
          }
          for (int d = 0; d < n; d++) {
            out[d] += g[d];
          }
          out[n] += loss;
          out[n + 1] += count;
        };
    return BlockStatistic.endingInTotals(statistic, 2); // the loss sum and the count
  }

  private static long mix(long a, long b) {
    long h = a * 0x9E3779B97F4A7C15L + b;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    return h ^ (h >>> 33);
  }
}
