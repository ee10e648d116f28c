package org.flexcode.optim;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.workloads.internal.BlockedFactors;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.NormalEquations;
import org.flexcode.workloads.internal.NormalEquations.Side;
import org.flexcode.workloads.internal.NormalEquations.Sweep;
import scala.Tuple2;

/**
 * Alternating least squares as Spark's {@code ALS} runs it, every half-sweep aggregated by the
 * engine: one iteration is one sweep, the item factors solved exactly with the user factors fixed,
 * then the user factors with the item factors fixed. Each half-sweep is one engine aggregation of
 * the per-row normal equations ({@link NormalEquations}); the driver then solves every row's rank x
 * rank system by Cholesky with ALS-WR's regularization lambda n_x (Zhou et al., AAIM 2008), adding
 * the Gramian Y^T Y of the fixed side for implicit feedback (Hu, Koren and Volinsky, ICDM 2008),
 * and broadcasts the new factors with the next aggregation. With {@code nonnegative}, as Spark's
 * {@code nonnegative = true}, each row instead minimizes the same quadratic over x >= 0 ({@link
 * NonnegativeLeastSquares}, exact, where Spark's NNLS iterates to a tolerance).
 *
 * <p>With an exact strategy the result is that of a synchronous ALS from the same initial factors
 * (up to summation order). With an approximate one a row is solved from the ratings of the blocks
 * that arrived (its count n_x too, so ignore's rescaling cancels); a row that no arrived block
 * rates keeps its factors. Both half-sweeps share one statistic layout, so a late result that
 * {@code ssp} applies one aggregation later, computed for the other side, adds only rows this
 * half-sweep does not solve (its block then counts as missing). Initial factors: those of {@link
 * MatrixFactorizationTrainer#initialFactors} (unit-norm Gaussian rows, as Spark's ALS draws); with
 * {@code nonnegative}, their absolute values (the "first quadrant" start Spark's source describes),
 * so that every factor is >= 0 even for a row that no arrived block ever rates.
 */
public final class AlternatingLeastSquaresTrainer {

  /** Rows one driver thread solves at a time. */
  private static final int ROWS_PER_RUN = 2048;

  private AlternatingLeastSquaresTrainer() {}

  /**
   * The training settings, immutable: rank, maxIter sweeps, regParam (lambda), implicitPrefs with
   * alpha, nonnegative (factors constrained to >= 0), seed (initial factors), the aggregation
   * strategy and engine options.
   */
  public record Config(
      int rank,
      int maxIter,
      double regParam,
      boolean implicitPrefs,
      double alpha,
      boolean nonnegative,
      long seed,
      AggregationStrategy strategy,
      AggregatorOptions options) {
    /** Validates. */
    public Config {
      Checks.factorization(rank, maxIter, regParam, strategy, options);
      Checks.finiteAtLeastZero("alpha", alpha);
    }
  }

  /**
   * Trains on {@code ratings} (user indices in [0, numUsers), item indices in [0, numItems), one
   * engine block per partition). The fit's objective history has one entry per sweep: the objective
   * (halved and averaged over the ratings, as {@link
   * org.flexcode.workloads.internal.MatrixFactorization} writes it; for implicit feedback the
   * weighted objective over all pairs) at the sweep's start. {@code listener} hears every
   * half-sweep.
   */
  public static MatrixFactorizationTrainer.Fit train(
      JavaRDD<IndexedRating> ratings,
      int numUsers,
      int numItems,
      Config config,
      IterationListener listener) {
    if (onExecutors(numUsers, numItems, config)) {
      BlockedFactors blocked = trainOnExecutors(ratings, numUsers, numItems, config, listener);
      try {
        SparkContext sc = ratings.context();
        return new MatrixFactorizationTrainer.Fit(
            numUsers,
            numItems,
            config.rank(),
            BlockedFactors.gather(sc, blocked.users()),
            BlockedFactors.gather(sc, blocked.items()),
            blocked.objectiveHistory(),
            blocked.records());
      } finally {
        blocked.release(ratings.context());
      }
    }
    int rank = config.rank();
    double[] initial =
        MatrixFactorizationTrainer.initialFactors(numUsers, numItems, rank, config.seed());
    double[] users = new double[numUsers * rank];
    double[] items = new double[numItems * rank];
    System.arraycopy(initial, 0, users, 0, users.length);
    System.arraycopy(initial, users.length, items, 0, items.length);
    if (config.nonnegative()) {
      Arrays.setAll(users, p -> Math.abs(users[p]));
      Arrays.setAll(items, p -> Math.abs(items[p]));
    }
    int dimension = NormalEquations.dimension(numUsers, numItems, rank);
    IterationListener heard = listener != null ? listener : (i, loss, record) -> {};
    double[] history = new double[config.maxIter()];
    List<IterationRecord> records;
    try (CodedObjective<IndexedRating, Sweep> engine =
        CodedObjective.open(
            groupedByTheLargerSide(ratings, numUsers, numItems, config.options()),
            config.strategy(),
            config.options().withWorkload("als", 2 * config.maxIter()),
            org.flexcode.workloads.internal.RatingColourings.ratings(),
            NormalEquations.statistic(numUsers, numItems, rank, config.regParam()),
            dimension)) {
      if (engine.totalRecords() == 0) {
        throw new IllegalArgumentException("there are no ratings to train on");
      }
      for (int it = 0; it < config.maxIter(); it++) {
        history[it] = halfSweep(engine, Side.ITEMS, users, items, numUsers, config, heard);
        halfSweep(engine, Side.USERS, users, items, numUsers, config, heard);
      }
      records = engine.records();
    }
    return new MatrixFactorizationTrainer.Fit(
        numUsers, numItems, rank, users, items, history, records);
  }

  /**
   * Whether a fit keeps its factors on the executors ({@link #trainOnExecutors}): when one
   * half-sweep's statistic, (users + items) x (rank (rank + 1) / 2 + rank + 2) doubles, is larger
   * than the engine's inline budget ({@code spark.flexcode.results.inlineMaxBytes}), the size above
   * which the engine keeps task results on the executors too; never when results always travel.
   */
  public static boolean onExecutors(int numUsers, int numItems, Config config) {
    long budget = config.options().inlineMaxBytes();
    long bytes = (long) NormalEquations.dimension(numUsers, numItems, config.rank()) * Double.BYTES;
    return budget != AggregatorOptions.ALWAYS_INLINE && bytes > budget;
  }

  /**
   * As {@link #train}, the factors kept on the executors in row-range blocks and each half-sweep's
   * rows solved there ({@link BlockedAlternatingLeastSquares}); the caller reads the returned
   * blocks (e.g. {@link BlockedFactors#rows}) and releases them.
   */
  public static BlockedFactors trainOnExecutors(
      JavaRDD<IndexedRating> ratings,
      int numUsers,
      int numItems,
      Config config,
      IterationListener listener) {
    return BlockedAlternatingLeastSquares.train(
        groupedByTheLargerSide(ratings, numUsers, numItems, config.options()),
        numUsers,
        numItems,
        config,
        listener != null ? listener : (i, loss, record) -> {});
  }

  /**
   * With one task per core (the Estimators' default task count), the ratings hashed by the side
   * with more rows into one partition per core, so that each block rates its own share of that
   * side's rows and its half-sweep result carries only those (the engine keeps a layout whose
   * partition count is its task count; when the counts differ it repartitions, and only this saving
   * is lost). Any other task count: the ratings as given.
   */
  private static JavaRDD<IndexedRating> groupedByTheLargerSide(
      JavaRDD<IndexedRating> ratings, int numUsers, int numItems, AggregatorOptions options) {
    if (options.numTasks() != AggregatorOptions.TASKS_FROM_CLUSTER) {
      return ratings;
    }
    boolean byItem = numItems >= numUsers;
    return ratings
        .mapToPair(r -> new Tuple2<>(byItem ? r.item() : r.user(), r))
        .partitionBy(new HashPartitioner(ratings.context().defaultParallelism()))
        .values();
  }

  /**
   * One aggregation of the normal equations of {@code side}, whose factors it then replaces in
   * place; returns the objective at the factors before the update.
   */
  private static double halfSweep(
      CodedObjective<IndexedRating, Sweep> engine,
      Side side,
      double[] users,
      double[] items,
      int numUsers,
      Config config,
      IterationListener listener) {
    int rank = config.rank();
    AggregateResult result =
        engine.evaluate(
            new Sweep(
                side, rank, users.clone(), items.clone(), config.implicitPrefs(), config.alpha()));
    double[] sum = result.values();
    double count = sum[sum.length - 1];
    if (!(count > 0)) {
      throw new IllegalStateException(
          "iteration " + result.record().iteration() + ": no ratings were aggregated");
    }
    double lossSum = sum[sum.length - 2];
    if (config.implicitPrefs()) {
      lossSum += NormalEquations.allPairsSquaredPredictions(users, items, rank);
    }
    double objective = 0.5 * lossSum / count;
    listener.onIteration(result.record().iteration(), objective, result.record());
    boolean solvingUsers = side == Side.USERS;
    double[] fixed = solvingUsers ? items : users;
    double[] solved = solvingUsers ? users : items;
    double[] gramian = config.implicitPrefs() ? NormalEquations.gramian(fixed, rank) : null;
    solveRows(sum, solvingUsers ? 0 : numUsers, gramian, config, solved);
    return objective;
  }

  /**
   * Solves every row of {@code solved} that an arrived block rates from its normal equations in
   * {@code sum} (row r's at statistic row {@code firstRow} + r), in place. The rows are
   * independent, so runs of {@link #ROWS_PER_RUN} rows are solved in parallel on the driver's cores
   * (the common fork-join pool); each row's solution does not depend on which thread solves it.
   */
  private static void solveRows(
      double[] sum, int firstRow, double[] gramian, Config config, double[] solved) {
    int rank = config.rank();
    int entries = NormalEquations.rowEntries(rank);
    int triangle = rank * (rank + 1) / 2;
    int rows = solved.length / rank;
    IntStream.range(0, (rows + ROWS_PER_RUN - 1) / ROWS_PER_RUN)
        .parallel()
        .forEach(
            run -> {
              NormalEquationSolver solver = new NormalEquationSolver(rank, config.nonnegative());
              for (int row = run * ROWS_PER_RUN;
                  row < Math.min(rows, (run + 1) * ROWS_PER_RUN);
                  row++) {
                int base = (firstRow + row) * entries;
                if (sum[base + entries - 1] > 0) { // rated in an arrived block
                  double ridge = config.regParam() * sum[base + triangle + rank];
                  solver.solve(sum, base, gramian, ridge, solved, row * rank);
                }
              }
            });
  }
}
