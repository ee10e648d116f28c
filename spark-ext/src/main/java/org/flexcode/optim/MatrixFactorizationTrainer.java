package org.flexcode.optim;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.MatrixFactorization;

/**
 * Fits the matrix-factorization objective F(U, V) of {@link MatrixFactorization} (the ALS-WR
 * objective Spark's ALS minimizes) by full-gradient methods whose every gradient is the coded
 * aggregate of the blocks' statistics.
 *
 * <p>{@code LBFGS} is Breeze's L-BFGS (memory 10) through {@code Lbfgs}, run in the rescaled
 * coordinates z_k = sqrt(d_k) w_k, where w_k is a user or item factor row and d_k = max(c_k, 1) / N
 * its share of the N training ratings (c_k its rating count): F's Hessian block of row k is about
 * d_k (E[v v^T] + lambda I), so this diagonal preconditioner gives every row a curvature of order
 * one (the counts vary from 1 to thousands on MovieLens). {@code GD} is gradient descent with a
 * per-row diagonal Gauss-Newton scale, w_k -= stepSize grad_k / (h_k / N), with h_k the aggregated
 * curvature sum of {@link MatrixFactorization} (an upper bound on the largest eigenvalue of row k's
 * Gauss-Newton block), recomputed from each iteration's aggregate; it tolerates the inexact
 * gradients of approximate strategies (under ignore, N and h_k come from the same arrived blocks as
 * the gradient). stepSize 1 moves each row to the minimizer of its own quadratic model, which can
 * overshoot because users and items move together; 0.5, 0.8 and 1.0 all converged on
 * ml-latest-small (rank 10, regParam 0.15), larger steps faster.
 *
 * <p>Initial factors: each row is a standard Gaussian vector scaled to unit norm (as Spark's ALS
 * initializes), drawn from one generator seeded by {@code seed}, users then items in index order.
 * Rows without ratings keep their initial values. An exact strategy gives the same factors as bsp
 * up to rounding (summation order of the decoder).
 */
public final class MatrixFactorizationTrainer {

  private MatrixFactorizationTrainer() {}

  /** Which solver runs. */
  public enum Solver {
    LBFGS,
    GD
  }

  /**
   * The training settings, immutable: rank, at most maxIter solver iterations, regParam (lambda),
   * solver, stepSize (of GD), tol (L-BFGS's relative tolerance; GD stops when the step is below tol
   * relative to the factors), seed (initial factors), the aggregation strategy and engine options.
   */
  public record Config(
      int rank,
      int maxIter,
      double regParam,
      Solver solver,
      double stepSize,
      double tol,
      long seed,
      AggregationStrategy strategy,
      AggregatorOptions options) {
    /** Validates. */
    public Config {
      Checks.factorization(rank, maxIter, regParam, strategy, options);
      if (solver == null) {
        throw new IllegalArgumentException("solver must not be null");
      }
      Checks.finitePositive("stepSize", stepSize);
      if (!(tol >= 0)) {
        throw new IllegalArgumentException("tol must be >= 0, got " + tol);
      }
    }
  }

  /**
   * The fit: factors as row-major matrices (numUsers x rank, numItems x rank), the solver's
   * objective history (one entry per solver iteration, the initial point first for L-BFGS) and one
   * engine record per aggregation (L-BFGS line-search evaluations included).
   */
  public record Fit(
      int numUsers,
      int numItems,
      int rank,
      double[] userFactors,
      double[] itemFactors,
      double[] objectiveHistory,
      List<IterationRecord> records) {
    /** Defensive copies. */
    public Fit {
      userFactors = userFactors.clone();
      itemFactors = itemFactors.clone();
      objectiveHistory = objectiveHistory.clone();
      records = List.copyOf(records);
    }

    @Override
    public double[] userFactors() {
      return userFactors.clone();
    }

    @Override
    public double[] itemFactors() {
      return itemFactors.clone();
    }

    @Override
    public double[] objectiveHistory() {
      return objectiveHistory.clone();
    }

    /** The prediction u_user . v_item. */
    public double predict(int user, int item) {
      double dot = 0;
      for (int k = 0; k < rank; k++) {
        dot += userFactors[user * rank + k] * itemFactors[item * rank + k];
      }
      return dot;
    }
  }

  /**
   * Trains on {@code ratings} (user indices in [0, numUsers), item indices in [0, numItems); one
   * engine block per partition; cache it if it is expensive to compute, it is read once for the
   * rating counts before the engine lays it out). {@code listener} hears every aggregation with F
   * at that point.
   */
  public static Fit train(
      JavaRDD<IndexedRating> ratings,
      int numUsers,
      int numItems,
      Config config,
      IterationListener listener) {
    int rank = config.rank();
    int parameters = MatrixFactorization.parameterCount(numUsers, numItems, rank);
    int rows = numUsers + numItems;
    long[] counts = rowCounts(ratings, numUsers, numItems);
    long total = 0;
    for (int k = 0; k < numUsers; k++) {
      total += counts[k];
    }
    if (total == 0) {
      throw new IllegalArgumentException("there are no ratings to train on");
    }
    // w = scale (.) z, scale_k = 1 / sqrt(d_k) for every entry of row k.
    double[] scale = new double[parameters];
    for (int row = 0; row < rows; row++) {
      double s = 1.0 / Math.sqrt((double) Math.max(counts[row], 1) / total);
      Arrays.fill(scale, row * rank, (row + 1) * rank, s);
    }
    double[] initial = initialFactors(numUsers, numItems, rank, config.seed());
    BlockStatistic<IndexedRating, double[]> statistic =
        MatrixFactorization.statistic(numUsers, numItems, rank, config.regParam());
    int dimension = MatrixFactorization.dimension(numUsers, numItems, rank);
    IterationListener heard = listener != null ? listener : (i, loss, record) -> {};
    Solution solution;
    List<IterationRecord> records;
    try (CodedObjective<IndexedRating, double[]> engine =
        CodedObjective.open(
            ratings,
            config.strategy(),
            config.options().withWorkload("mf", config.maxIter()),
            org.flexcode.workloads.internal.RatingColourings.ratings(),
            statistic,
            dimension)) {
      Function<double[], double[]> evaluate = point -> means(engine, point, heard);
      if (config.solver() == Solver.LBFGS) {
        solution = lbfgs(evaluate, initial, scale, rows, config);
      } else {
        solution = gradientDescent(evaluate, initial, rank, rows, config);
      }
      records = engine.records();
    }
    double[] w = solution.x();
    double[] users = new double[numUsers * rank];
    double[] items = new double[numItems * rank];
    System.arraycopy(w, 0, users, 0, users.length);
    System.arraycopy(w, users.length, items, 0, items.length);
    return new Fit(numUsers, numItems, rank, users, items, solution.history(), records);
  }

  /**
   * The initial parameter vector: every row a standard Gaussian vector scaled to unit norm, from a
   * generator seeded by {@code seed}, users then items.
   */
  public static double[] initialFactors(int numUsers, int numItems, int rank, long seed) {
    int parameters = MatrixFactorization.parameterCount(numUsers, numItems, rank);
    double[] w = new double[parameters];
    java.util.Random random = new java.util.Random(seed);
    for (int row = 0; row < numUsers + numItems; row++) {
      double norm = 0;
      for (int k = 0; k < rank; k++) {
        double g = random.nextGaussian();
        w[row * rank + k] = g;
        norm += g * g;
      }
      norm = Math.sqrt(norm);
      for (int k = 0; k < rank; k++) {
        w[row * rank + k] = norm > 0 ? w[row * rank + k] / norm : 1.0 / Math.sqrt(rank);
      }
    }
    return w;
  }

  private static long[] rowCounts(JavaRDD<IndexedRating> ratings, int numUsers, int numItems) {
    List<long[]> perPartition =
        ratings
            .mapPartitions(
                (Iterator<IndexedRating> it) -> {
                  long[] c = new long[numUsers + numItems];
                  while (it.hasNext()) {
                    IndexedRating r = it.next();
                    if (r.user() < 0 || r.user() >= numUsers) {
                      throw new IllegalArgumentException(
                          "user index " + r.user() + " is outside [0, " + numUsers + ")");
                    }
                    if (r.item() < 0 || r.item() >= numItems) {
                      throw new IllegalArgumentException(
                          "item index " + r.item() + " is outside [0, " + numItems + ")");
                    }
                    if (!Double.isFinite(r.rating())) {
                      throw new IllegalArgumentException(
                          "rating of user "
                              + r.user()
                              + ", item "
                              + r.item()
                              + " is "
                              + r.rating());
                    }
                    c[r.user()]++;
                    c[numUsers + r.item()]++;
                  }
                  return List.of(c).iterator();
                })
            .collect();
    long[] counts = new long[numUsers + numItems];
    for (long[] c : perPartition) {
      for (int k = 0; k < counts.length; k++) {
        counts[k] += c[k];
      }
    }
    return counts;
  }

  /**
   * The aggregate at w normalized by the aggregated rating count: gradient (parameters entries),
   * curvature (one per row), objective; the listener hears the objective.
   */
  private static double[] means(
      CodedObjective<IndexedRating, double[]> engine, double[] point, IterationListener listener) {
    AggregateResult result = engine.evaluate(point);
    double[] sum = result.values();
    if (!(sum[sum.length - 1] > 0)) {
      throw new IllegalStateException(
          "iteration " + result.record().iteration() + ": no ratings were aggregated");
    }
    double[] mean = CodedObjective.means(sum);
    listener.onIteration(result.record().iteration(), mean[mean.length - 1], result.record());
    return mean;
  }

  /** L-BFGS in the rescaled coordinates z = w / scale. */
  private static Solution lbfgs(
      Function<double[], double[]> evaluate,
      double[] initial,
      double[] scale,
      int rows,
      Config config) {
    int parameters = initial.length;
    SmoothObjective objective =
        (z, gradient) -> {
          double[] point = new double[parameters];
          for (int p = 0; p < parameters; p++) {
            point[p] = z[p] * scale[p];
          }
          double[] mean = evaluate.apply(point);
          for (int p = 0; p < parameters; p++) {
            gradient[p] = mean[p] * scale[p];
          }
          return mean[parameters + rows];
        };
    double[] z0 = new double[parameters];
    for (int p = 0; p < parameters; p++) {
      z0[p] = initial[p] / scale[p];
    }
    Solution inZ = Lbfgs.minimize(objective, z0, config.maxIter(), config.tol(), null);
    double[] w = new double[parameters];
    for (int p = 0; p < parameters; p++) {
      w[p] = inZ.x()[p] * scale[p];
    }
    return new Solution(w, inZ.history());
  }

  /** Gradient descent with the per-row Gauss-Newton scale: w_k -= stepSize grad_k / (h_k / N). */
  private static Solution gradientDescent(
      Function<double[], double[]> evaluate, double[] initial, int rank, int rows, Config config) {
    int parameters = initial.length;
    GradientDescent.Oracle oracle =
        (x, t) -> {
          double[] mean = evaluate.apply(x);
          return new GradientDescent.Evaluation(mean[parameters + rows], mean);
        };
    GradientDescent.UpdateRule rule =
        (x, mean, t, moved) -> {
          for (int p = 0; p < parameters; p++) {
            double curvature = mean[parameters + p / rank];
            double step = curvature > 0 ? config.stepSize() * mean[p] / curvature : 0.0;
            x[p] -= step;
            moved[p] = step;
          }
        };
    return GradientDescent.run(
        oracle, rule, initial, GradientDescent.Settings.of(config.maxIter(), config.tol()));
  }
}
