package org.flexcode.optim;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.workloads.BinaryLogisticLoss;
import org.flexcode.workloads.PointColourings;
import org.flexcode.workloads.WeightedPoint;

/**
 * Fits spark.ml's binary logistic regression objective with the coded aggregate:
 *
 * <pre>
 *   f(c, b) = (1 / sum w) sum_i w_i logloss(y_i, c . (x_i / std) + b)
 *             + (1 - a) lambda / 2 sum_j pen_j(c_j) + a lambda sum_j l1_j |c_j|
 * </pre>
 *
 * in standardized space, with pen_j(c) = c^2 and l1_j = 1 when standardization is on, and c^2 /
 * std_j^2 and 1 / std_j when it is off (the penalty then falls on the original coefficients), as
 * spark.ml does; the intercept is not penalized; coefficients of constant features stay 0.
 *
 * <p>Solvers ({@code Lbfgs} and {@code GradientDescent}): {@code LBFGS} is Breeze's L-BFGS (memory
 * 10), or OWL-QN when the L1 part is non-zero, as spark.ml runs them; {@code GD} is gradient
 * descent with step stepSize / sqrt(t) and a soft-threshold for L1, which tolerates the inexact
 * gradients of approximate strategies.
 */
public final class LogisticRegressionTrainer {

  private LogisticRegressionTrainer() {}

  /** Which solver runs. */
  public enum Solver {
    LBFGS,
    GD
  }

  /** The training settings, immutable. */
  public record Config(
      int maxIter,
      double tol,
      double regParam,
      double elasticNetParam,
      boolean fitIntercept,
      boolean standardization,
      Solver solver,
      double stepSize,
      AggregationStrategy strategy,
      AggregatorOptions options) {}

  /** The fit: coefficients and intercept in the original feature space. */
  public record Fit(
      double[] coefficients,
      double intercept,
      double[] objectiveHistory,
      List<IterationRecord> records) {}

  /**
   * Trains on {@code data}; {@code listener} hears every aggregation (L-BFGS line-search
   * evaluations included) with the objective value at that point.
   *
   * <p>Trains on {@code data} whose features have weighted means {@code mean} and sample standard
   * deviations {@code std}; {@code positiveWeight} and {@code totalWeight} set the initial
   * intercept to the log odds. With an intercept the solver works on centered standardized
   * features, as spark.ml does for conditioning: b' = b + sum_j c_j mean_j / std_j, which leaves
   * the optimum unchanged and is undone at the end (the data stay sparse: the shift is applied on
   * the driver).
   */
  public static Fit train(
      JavaRDD<WeightedPoint> data,
      double[] mean,
      double[] std,
      double positiveWeight,
      double totalWeight,
      Config config,
      IterationListener listener) {
    int p = std.length;
    boolean fit = config.fitIntercept();
    double[] inverseStd = new double[p];
    for (int j = 0; j < p; j++) {
      inverseStd[j] = std[j] > 0 ? 1.0 / std[j] : 0.0;
    }
    double l2 = (1 - config.elasticNetParam()) * config.regParam();
    double l1 = config.elasticNetParam() * config.regParam();
    double[] l2Weights = new double[p];
    double[] l1Weights = new double[p + (fit ? 1 : 0)];
    for (int j = 0; j < p; j++) {
      l2Weights[j] = config.standardization() ? l2 : l2 * inverseStd[j] * inverseStd[j];
      l1Weights[j] = config.standardization() ? l1 : l1 * inverseStd[j];
    }
    double[] initial = initialPoint(p, fit, positiveWeight, totalWeight);
    Solution solution;
    List<IterationRecord> records;
    try (CodedObjective<WeightedPoint, double[]> engine =
        CodedObjective.open(
            data,
            config.strategy(),
            config.options().withWorkload("lr", config.maxIter()),
            PointColourings.weightedPoints(),
            BinaryLogisticLoss.statistic(inverseStd, fit),
            BinaryLogisticLoss.dimension(p, fit))) {
      double[] scaledMean = new double[p];
      for (int j = 0; j < p; j++) {
        scaledMean[j] = fit ? mean[j] * inverseStd[j] : 0.0;
      }
      SmoothObjective objective =
          penalized(engine, scaledMean, l2Weights, l1Weights, fit, listener);
      double[] l1OrNull = l1 > 0 ? l1Weights : null;
      if (config.solver() == Solver.LBFGS) {
        solution = Lbfgs.minimize(objective, initial, config.maxIter(), config.tol(), l1OrNull);
      } else {
        solution = gradientDescent(objective, initial, config, l1OrNull);
      }
      records = engine.records();
    }
    double[] x = solution.x();
    double[] coefficients = new double[p];
    double shift = 0;
    for (int j = 0; j < p; j++) {
      coefficients[j] = x[j] * inverseStd[j];
      shift += coefficients[j] * (fit ? mean[j] : 0.0);
    }
    return new Fit(coefficients, fit ? x[p] - shift : 0.0, solution.history(), records);
  }

  /**
   * The smooth part of f at the solver's point: data loss (intercept shifted by the centering) plus
   * the L2 penalty, with its gradient; the listener hears the value with the L1 part added.
   */
  private static SmoothObjective penalized(
      CodedObjective<WeightedPoint, double[]> engine,
      double[] scaledMean,
      double[] l2Weights,
      double[] l1Weights,
      boolean fit,
      IterationListener listener) {
    int p = scaledMean.length;
    int lossIndex = p + (fit ? 1 : 0);
    return (coefficients, gradient) -> {
      double[] model = coefficients.clone();
      if (fit) {
        model[p] -= dot(coefficients, scaledMean);
      }
      AggregateResult result = engine.evaluate(model);
      double[] sum = result.values();
      if (!(sum[lossIndex + 1] > 0)) {
        throw new IllegalStateException(
            "iteration " + result.record().iteration() + ": the aggregated weight sum is 0");
      }
      double[] means = CodedObjective.means(sum);
      double loss = means[lossIndex];
      System.arraycopy(means, 0, gradient, 0, lossIndex);
      if (fit) {
        for (int j = 0; j < p; j++) {
          gradient[j] -= scaledMean[j] * gradient[p];
        }
      }
      double penaltyL1 = 0;
      for (int j = 0; j < p; j++) {
        loss += 0.5 * l2Weights[j] * coefficients[j] * coefficients[j];
        gradient[j] += l2Weights[j] * coefficients[j];
        penaltyL1 += l1Weights[j] * Math.abs(coefficients[j]);
      }
      listener.onIteration(result.record().iteration(), loss + penaltyL1, result.record());
      return loss;
    };
  }

  /** Zero coefficients and, with an intercept, the log odds of the positive weight. */
  private static double[] initialPoint(
      int p, boolean fit, double positiveWeight, double totalWeight) {
    double[] initial = new double[p + (fit ? 1 : 0)];
    double negativeWeight = totalWeight - positiveWeight;
    if (fit && positiveWeight > 0 && negativeWeight > 0) {
      initial[p] = Math.log(positiveWeight / negativeWeight);
    }
    return initial;
  }

  private static double dot(double[] coefficients, double[] scaledMean) {
    double sum = 0;
    for (int j = 0; j < scaledMean.length; j++) {
      sum += coefficients[j] * scaledMean[j];
    }
    return sum;
  }

  /**
   * Gradient descent on f: x_{t+1} = prox(x_t - (stepSize / sqrt(t)) grad), the prox a
   * soft-threshold by the step times the L1 weights when {@code l1Weights} is not null; the history
   * holds f(x_t) with its L1 part.
   */
  private static Solution gradientDescent(
      SmoothObjective objective, double[] initial, Config config, double[] l1Weights) {
    GradientDescent.Oracle oracle =
        (x, t) -> {
          double[] gradient = new double[x.length];
          double loss = objective.valueAndGradient(x, gradient);
          if (l1Weights != null) {
            for (int j = 0; j < x.length; j++) {
              loss += l1Weights[j] * Math.abs(x[j]);
            }
          }
          return new GradientDescent.Evaluation(loss, gradient);
        };
    GradientDescent.UpdateRule rule =
        (x, gradient, t, moved) -> {
          double step = config.stepSize() / Math.sqrt(t);
          for (int j = 0; j < x.length; j++) {
            double next = x[j] - step * gradient[j];
            if (l1Weights != null) {
              double shrink = step * l1Weights[j];
              next = Math.signum(next) * Math.max(0, Math.abs(next) - shrink);
            }
            moved[j] = next - x[j];
            x[j] = next;
          }
        };
    return GradientDescent.run(
        oracle, rule, initial, GradientDescent.Settings.of(config.maxIter(), config.tol()));
  }
}
