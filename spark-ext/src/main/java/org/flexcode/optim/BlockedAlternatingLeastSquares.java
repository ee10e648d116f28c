package org.flexcode.optim;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.workloads.internal.BlockedFactors;
import org.flexcode.workloads.internal.FactorBlocks;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.NormalEquations;
import org.flexcode.workloads.internal.NormalEquations.BlockedSweep;
import org.flexcode.workloads.internal.NormalEquations.Side;

/**
 * {@link AlternatingLeastSquaresTrainer}'s sweeps with the factors on the executors, for models too
 * large for the driver: each side lives in F row-range blocks ({@link FactorBlocks}); a
 * half-sweep's rating tasks read both sides from the block managers (once per executor JVM and
 * version) and compute their normal equations as the driver path does; the engine decides which
 * results suffice; then F solve tasks each sum their block's rows over the chosen results and solve
 * them there ({@link FactorSolve}), writing the side's next version. The driver holds only the
 * blocks' ids and bounds, and each side's Gramian (rank x rank) for implicit feedback and the
 * objective.
 *
 * <p>A side's previous version is kept one half-sweep longer (a late task of an approximate
 * strategy may still read it) and released after that; the final versions are returned for the
 * caller to read and release. A lost factor block fails the fit with an error naming its side, rows
 * and block.
 */
final class BlockedAlternatingLeastSquares {

  private final SparkContext sc;
  private final AlternatingLeastSquaresTrainer.Config config;
  private final int numUsers;
  private final int dimension;
  private final List<FactorBlocks.Ref> toRelease = new ArrayList<>();
  private FactorBlocks.Ref users;
  private FactorBlocks.Ref items;
  private double[] userGramian;
  private double[] itemGramian;

  private BlockedAlternatingLeastSquares(
      SparkContext sc, int numUsers, int numItems, AlternatingLeastSquaresTrainer.Config config) {
    this.sc = sc;
    this.config = config;
    this.numUsers = numUsers;
    this.dimension = NormalEquations.dimension(numUsers, numItems, config.rank());
    int blocks = Math.max(1, sc.defaultParallelism());
    this.users = FactorBlocks.Ref.of(sc, "user", config.rank(), numUsers, blocks);
    this.items = FactorBlocks.Ref.of(sc, "item", config.rank(), numItems, blocks);
  }

  /** Trains on {@code ratings} as {@link AlternatingLeastSquaresTrainer#train} does. */
  static BlockedFactors train(
      JavaRDD<IndexedRating> ratings,
      int numUsers,
      int numItems,
      AlternatingLeastSquaresTrainer.Config config,
      IterationListener listener) {
    BlockedAlternatingLeastSquares fit =
        new BlockedAlternatingLeastSquares(ratings.context(), numUsers, numItems, config);
    boolean done = false;
    try {
      BlockedFactors result = fit.run(ratings, numItems, listener);
      done = true;
      return result;
    } finally {
      fit.toRelease.forEach(ref -> FactorBlocks.release(fit.sc, ref));
      if (!done) {
        fit.releaseCurrent();
      }
    }
  }

  private BlockedFactors run(
      JavaRDD<IndexedRating> ratings, int numItems, IterationListener listener) {
    int rank = config.rank();
    userGramian = initialize(users, 0);
    itemGramian = initialize(items, numUsers);
    double[] history = new double[config.maxIter()];
    List<IterationRecord> records;
    try (CodedObjective<IndexedRating, BlockedSweep> engine =
        CodedObjective.open(
            ratings,
            config.strategy(),
            config.options().withWorkload("als", 2 * config.maxIter()),
            org.flexcode.workloads.internal.RatingColourings.ratings(),
            NormalEquations.blockedStatistic(numUsers, numItems, rank, config.regParam()),
            dimension)) {
      if (engine.totalRecords() == 0) {
        throw new IllegalArgumentException("there are no ratings to train on");
      }
      for (int it = 0; it < config.maxIter(); it++) {
        history[it] = halfSweep(engine, Side.ITEMS, listener);
        halfSweep(engine, Side.USERS, listener);
      }
      records = engine.records();
    }
    return new BlockedFactors(numUsers, numItems, rank, users, items, history, records);
  }

  /**
   * Writes the initial factors of {@code side} (statistic rows from {@code firstRow}) block by
   * block on the executors; returns the side's Gramian.
   */
  private double[] initialize(FactorBlocks.Ref side, int firstRow) {
    int rank = config.rank();
    long seed = config.seed();
    boolean nonnegative = config.nonnegative();
    List<Integer> blocks = IntStream.range(0, side.blocks()).boxed().toList();
    List<double[]> gramians =
        JavaSparkContext.fromSparkContext(sc)
            .parallelize(blocks, blocks.size())
            .map(
                k -> {
                  double[] block =
                      FactorBlocks.initialRows(
                          firstRow,
                          side.bounds()[k],
                          side.bounds()[k + 1],
                          rank,
                          seed,
                          nonnegative);
                  FactorBlocks.write(side, k, block);
                  return NormalEquations.gramian(block, rank);
                })
            .collect();
    double[] total = new double[rank * rank];
    for (double[] g : gramians) {
      for (int p = 0; p < total.length; p++) {
        total[p] += g[p];
      }
    }
    return total;
  }

  /**
   * One aggregation of {@code side}'s normal equations, solved on the executors into the side's
   * next version; returns the objective at the factors before the update.
   */
  private double halfSweep(
      CodedObjective<IndexedRating, BlockedSweep> engine, Side side, IterationListener listener) {
    int rank = config.rank();
    boolean solvingUsers = side == Side.USERS;
    FactorBlocks.Ref previous = solvingUsers ? users : items;
    FactorBlocks.Ref next = previous.next(sc);
    FactorSolve solve =
        new FactorSolve(
            solvingUsers ? 0 : numUsers,
            dimension,
            previous,
            next,
            config.implicitPrefs() ? (solvingUsers ? itemGramian : userGramian) : null,
            config.regParam(),
            config.nonnegative());
    AggregateResult result;
    try {
      result =
          engine.evaluate(
              new BlockedSweep(side, users, items, config.implicitPrefs(), config.alpha()), solve);
    } catch (RuntimeException e) {
      FactorBlocks.release(sc, next);
      throw lostBlock(e);
    }
    next = next.writtenBy(result.record().iteration()); // the blocks the deciding decode wrote
    double[] out = result.values();
    double count = out[out.length - 1];
    if (!(count > 0)) {
      FactorBlocks.release(sc, next);
      throw new IllegalStateException(
          "iteration " + result.record().iteration() + ": no ratings were aggregated");
    }
    double lossSum = out[out.length - 2];
    if (config.implicitPrefs()) {
      lossSum += dot(userGramian, itemGramian); // all pairs' (u . v)^2 at the current factors
    }
    double objective = 0.5 * lossSum / count;
    listener.onIteration(result.record().iteration(), objective, result.record());
    double[] gramian = sumRuns(out, previous.blocks(), rank * rank);
    retire(previous);
    if (solvingUsers) {
      users = next;
      userGramian = gramian;
    } else {
      items = next;
      itemGramian = gramian;
    }
    return objective;
  }

  /**
   * Releases the versions retired before {@code previous}, keeping it one half-sweep longer (a late
   * task may still read it).
   */
  private void retire(FactorBlocks.Ref previous) {
    if (toRelease.size() >= 2) {
      FactorBlocks.release(sc, toRelease.remove(0));
    }
    toRelease.add(previous);
  }

  private void releaseCurrent() {
    FactorBlocks.release(sc, users);
    FactorBlocks.release(sc, items);
  }

  /** The error of a half-sweep that found a factor block gone: that one, named, first. */
  private static RuntimeException lostBlock(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      int at = message.indexOf("FlexCode ALS: the ");
      if (message.contains(FactorBlocks.LOST) && at >= 0) {
        String line = message.substring(at).lines().findFirst().orElse(message);
        return new IllegalStateException(line, e);
      }
    }
    return e;
  }

  private static double dot(double[] a, double[] b) {
    double sum = 0;
    for (int p = 0; p < a.length; p++) {
      sum += a[p] * b[p];
    }
    return sum;
  }

  /**
   * The sum of the first {@code runs} {@code length}-entry runs laid one after another in {@code
   * all}.
   */
  private static double[] sumRuns(double[] all, int runs, int length) {
    double[] total = new double[length];
    for (int k = 0; k < runs; k++) {
      for (int p = 0; p < length; p++) {
        total[p] += all[k * length + p];
      }
    }
    return total;
  }
}
