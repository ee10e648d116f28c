package org.flexcode.optim;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.workloads.internal.LinearStatistic;
import org.flexcode.workloads.internal.MarginLoss;
import org.flexcode.workloads.internal.PointColourings;
import org.flexcode.workloads.internal.WeightedPoint;

/**
 * Fits spark.ml's penalized linear-model objective (logistic, softmax, squared or hinge loss: a
 * {@link MarginLoss} with K margins) with the coded aggregate:
 *
 * <pre>
 *   f(c, b) = (1 / sum w) sum_i w_i loss(y_i, (c_k . (x_i / std) + b_k)_k)
 *             + (1 - a) lambda / 2 sum_kj pen_j(c_kj) + a lambda sum_kj l1_j |c_kj|
 * </pre>
 *
 * in standardized space, with pen_j(c) = c^2 and l1_j = 1 when standardization is on, and c^2 /
 * std_j^2 and 1 / std_j when it is off (the penalty then falls on the original coefficients), as
 * spark.ml does; intercepts are not penalized; coefficients of constant features stay 0.
 *
 * <p>Solvers ({@code Lbfgs} and {@code GradientDescent}): {@code LBFGS} is Breeze's L-BFGS (memory
 * 10), or OWL-QN when the L1 part is non-zero or the problem asks for it (spark.ml's LinearSVC), as
 * spark.ml runs them; {@code GD} is gradient descent with step stepSize / sqrt(t) and a
 * soft-threshold for L1, which tolerates the inexact gradients of approximate strategies.
 */
public final class LinearModelTrainer {

  private LinearModelTrainer() {}

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

  /**
   * What is fitted: the loss, the features' weighted means and sample standard deviations, the
   * initial intercepts (one per margin; used when an intercept is fitted), the workload name the
   * engine reports, and whether L-BFGS runs as OWL-QN even without an L1 part.
   */
  public record Problem(
      MarginLoss loss,
      double[] mean,
      double[] std,
      double[] initialIntercepts,
      String workload,
      boolean orthantWise) {}

  /**
   * The fit in the original feature space: coefficients of margin k at [k * numFeatures + j], one
   * intercept per margin (0 without one).
   */
  public record Fit(
      double[] coefficients,
      double[] intercepts,
      double[] objectiveHistory,
      List<IterationRecord> records) {}

  /**
   * Trains on {@code data}; {@code listener} hears every aggregation (L-BFGS line-search
   * evaluations included) with the objective value at that point.
   *
   * <p>With an intercept the solver works on centered standardized features, as spark.ml does for
   * conditioning: b_k' = b_k + sum_j c_kj mean_j / std_j, which leaves the optimum unchanged and is
   * undone at the end (the data stay sparse: the shift is applied on the driver).
   */
  public static Fit train(
      JavaRDD<WeightedPoint> data, Problem problem, Config config, IterationListener listener) {
    LinearShape shape =
        new LinearShape(problem.std().length, problem.loss().margins(), config.fitIntercept());
    double[] inverseStd = new double[shape.p];
    for (int j = 0; j < shape.p; j++) {
      inverseStd[j] = problem.std()[j] > 0 ? 1.0 / problem.std()[j] : 0.0;
    }
    LinearPenalty penalty = LinearPenalty.of(config, inverseStd, shape);
    Solution solution;
    List<IterationRecord> records;
    try (CodedObjective<WeightedPoint, double[]> engine =
        CodedObjective.open(
            data,
            config.strategy(),
            config.options().withWorkload(problem.workload(), config.maxIter()),
            PointColourings.weightedPoints(),
            LinearStatistic.of(problem.loss(), inverseStd, shape.fit),
            LinearStatistic.dimension(shape.p, shape.k, shape.fit))) {
      double[] scaledMean = new double[shape.p];
      for (int j = 0; j < shape.p; j++) {
        scaledMean[j] = shape.fit ? problem.mean()[j] * inverseStd[j] : 0.0;
      }
      SmoothObjective objective = penalized(engine, scaledMean, penalty, shape, listener);
      double[] l1OrNull = penalty.hasL1() || problem.orthantWise() ? penalty.l1() : null;
      double[] initial = shape.initialPoint(problem.initialIntercepts());
      if (config.solver() == Solver.LBFGS) {
        solution = Lbfgs.minimize(objective, initial, config.maxIter(), config.tol(), l1OrNull);
      } else {
        solution = gradientDescent(objective, initial, config, l1OrNull);
      }
      records = engine.records();
    }
    return unscaled(solution, problem.mean(), inverseStd, shape, records);
  }

  /** The solution in the original feature space. */
  private static Fit unscaled(
      Solution solution,
      double[] mean,
      double[] inverseStd,
      LinearShape shape,
      List<IterationRecord> records) {
    double[] x = solution.x();
    double[] coefficients = new double[shape.k * shape.p];
    double[] intercepts = new double[shape.k];
    for (int c = 0; c < shape.k; c++) {
      double shift = 0;
      for (int j = 0; j < shape.p; j++) {
        coefficients[c * shape.p + j] = x[c * shape.p + j] * inverseStd[j];
        shift += coefficients[c * shape.p + j] * mean[j];
      }
      intercepts[c] = shape.fit ? x[shape.k * shape.p + c] - shift : 0.0;
    }
    return new Fit(coefficients, intercepts, solution.history(), records);
  }

  /**
   * The smooth part of f at the solver's point: data loss (intercepts shifted by the centering)
   * plus the L2 penalty, with its gradient; the listener hears the value with the L1 part added.
   */
  private static SmoothObjective penalized(
      CodedObjective<WeightedPoint, double[]> engine,
      double[] scaledMean,
      LinearPenalty penalty,
      LinearShape shape,
      IterationListener listener) {
    int lossIndex = shape.size();
    return (coefficients, gradient) -> {
      double[] model = coefficients.clone();
      shape.center(model, scaledMean);
      AggregateResult result = engine.evaluate(model);
      double[] sum = result.values();
      if (!(sum[lossIndex + 1] > 0)) {
        throw new IllegalStateException(
            "iteration " + result.record().iteration() + ": the aggregated weight sum is 0");
      }
      double[] means = CodedObjective.means(sum);
      System.arraycopy(means, 0, gradient, 0, lossIndex);
      shape.centerGradient(gradient, scaledMean);
      double loss = means[lossIndex] + penalty.addL2(coefficients, gradient);
      listener.onIteration(
          result.record().iteration(), loss + penalty.l1Value(coefficients), result.record());
      return loss;
    };
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
