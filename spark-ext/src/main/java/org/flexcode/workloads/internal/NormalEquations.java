package org.flexcode.workloads.internal;

import java.io.Serializable;
import java.util.List;
import org.flexcode.aggregation.BlockStatistic;

/**
 * The per-row normal equations of one alternating-least-squares half-sweep, as an additive block
 * statistic: with the other side's factors y fixed, row x (a user, or an item) of the ALS-WR
 * objective minimizes
 *
 * <pre>
 *   explicit:  sum_{j rated by x} (r_j - x . y_j)^2 + lambda n_x |x|^2
 *              (A = sum_j y_j y_j^T,  b = sum_j r_j y_j,  n_x = ratings of x)
 *   implicit:  sum_{all j} c_j (p_j - x . y_j)^2 + lambda n_x |x|^2
 *              c_j = 1 + alpha |r_j|,  p_j = [r_j > 0]   (Hu, Koren and Volinsky, ICDM 2008)
 *              (A = Y^T Y + sum_{j rated} (c_j - 1) y_j y_j^T,  b = sum_{j rated} p_j c_j y_j,
 *               n_x = ratings of x with r > 0)
 * </pre>
 *
 * and its solution is x = (A + lambda n_x I)^-1 b, the update Spark's {@code ALS} makes (its
 * confidence and the counts n_x are Spark's). Every term of A (but the implicit Gramian Y^T Y,
 * which the driver adds from the factors it holds), of b and of n_x is a sum over ratings, so the
 * engine adds the blocks' statistics.
 *
 * <p>Layout (one fixed length for both half-sweeps, so that any strategy may combine results of
 * either): for every row, users first then items, {@link #rowEntries} = rank (rank + 1) / 2 + rank
 * + 2 entries: A's upper triangle row by row, b, n_x, then the number of the row's ratings in the
 * block (so that a row no arrived block rates keeps its factors); then two totals: the objective
 * sum at the model (explicit: sum (r - x.y)^2 + lambda (|x|^2 + |y|^2) over ratings; implicit: sum
 * c (p - x.y)^2 - (x.y)^2 + [r > 0] lambda (|x|^2 + |y|^2), to which the driver adds the all-pairs
 * sum of (x.y)^2) and the rating count. A half-sweep writes only the solved side's rows, so a
 * block's result has the solved rows it rates as non-zeros and travels packed.
 *
 * <p>Size: (users + items) x rowEntries doubles per block result at most: rank 10 gives 67 entries
 * a row, 5.5 MB for MovieLens latest-small (610 users, 9,724 items) and 55 MB for ten times its
 * users and items; the engine's packing sends only the rows a block rates.
 */
public final class NormalEquations {

  private NormalEquations() {}

  /** Which side a half-sweep solves. */
  public enum Side {
    USERS,
    ITEMS
  }

  /**
   * The model of one half-sweep: the side solved, the rank, the current user and item factors
   * (row-major), the feedback kind and alpha.
   */
  public record Sweep(
      Side solved,
      int rank,
      double[] userFactors,
      double[] itemFactors,
      boolean implicitPrefs,
      double alpha)
      implements Serializable {}

  /**
   * The model of one half-sweep whose factors stay on the executors: the side solved, both sides'
   * factor blocks ({@link FactorBlocks}), the feedback kind and alpha. A task reads both sides
   * whole, once per executor JVM and version.
   */
  public record BlockedSweep(
      Side solved,
      FactorBlocks.Ref users,
      FactorBlocks.Ref items,
      boolean implicitPrefs,
      double alpha)
      implements Serializable {

    /** The same half-sweep with this executor's copy of the factors. */
    Sweep resolve() {
      return new Sweep(
          solved,
          users.rank(),
          FactorBlocks.read(users),
          FactorBlocks.read(items),
          implicitPrefs,
          alpha);
    }
  }

  /** Entries of one row: A's upper triangle, b, n_x and the row's rating count. */
  public static int rowEntries(int rank) {
    return rank * (rank + 1) / 2 + rank + 2;
  }

  /** The statistic's length: every row's entries, then the objective sum and the rating count. */
  public static int dimension(int numUsers, int numItems, int rank) {
    long length = ((long) numUsers + numItems) * rowEntries(rank) + 2;
    if (length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "(users + items) x (rank (rank + 1) / 2 + rank + 2) = ("
              + numUsers
              + " + "
              + numItems
              + ") x "
              + rowEntries(rank)
              + " does not fit in one array; lower the rank");
    }
    return (int) length;
  }

  /** The block statistic for the engine; deterministic (records in order). */
  public static BlockStatistic<IndexedRating, Sweep> statistic(
      int numUsers, int numItems, int rank, double regParam) {
    MatrixFactorization.checkRegParam(regParam);
    dimension(numUsers, numItems, rank);
    BlockStatistic<IndexedRating, Sweep> statistic =
        (sweep, iteration, block, records, out) ->
            accumulate(sweep, numUsers, regParam, records, out);
    return BlockStatistic.endingInTotals(statistic, 2);
  }

  /** {@link #statistic} for factors kept on the executors ({@link BlockedSweep}). */
  public static BlockStatistic<IndexedRating, BlockedSweep> blockedStatistic(
      int numUsers, int numItems, int rank, double regParam) {
    MatrixFactorization.checkRegParam(regParam);
    dimension(numUsers, numItems, rank);
    BlockStatistic<IndexedRating, BlockedSweep> statistic =
        (sweep, iteration, block, records, out) ->
            accumulate(sweep.resolve(), numUsers, regParam, records, out);
    return BlockStatistic.endingInTotals(statistic, 2);
  }

  /**
   * Adds the normal equations of {@code ratings} for {@code sweep}'s side into {@code out}, one
   * solved row at a time: the ratings are first ordered by their solved row (a stable counting
   * sort, so every row's sums add its ratings in their block order), then each row's sums are built
   * in a small buffer and added to {@code out} once. A block's ratings arrive in any order, and
   * adding each into its row of the (users + items) x rowEntries array directly would touch a
   * random row of that array for every rating.
   */
  public static void accumulate(
      Sweep sweep, int numUsers, double regParam, List<IndexedRating> ratings, double[] out) {
    int rank = sweep.rank();
    int entries = rowEntries(rank);
    boolean users = sweep.solved() == Side.USERS;
    int rows = (users ? sweep.userFactors() : sweep.itemFactors()).length / rank;
    RowOrder order = RowOrder.of(ratings, users, rows);
    int firstRow = users ? 0 : numUsers;
    double[] row = new double[entries];
    double loss = 0;
    for (int x = 0; x < order.rows(); x++) {
      if (order.start(x) == order.start(x + 1)) {
        continue;
      }
      java.util.Arrays.fill(row, 0.0);
      loss += accumulateRow(sweep, regParam, order, x, row);
      int base = (firstRow + x) * entries;
      for (int e = 0; e < entries; e++) {
        out[base + e] += row[e];
      }
    }
    out[out.length - 2] += loss;
    out[out.length - 1] += ratings.size();
  }

  /**
   * Adds solved row {@code x}'s ratings (those of {@code order}) into {@code row}: A's upper
   * triangle, b, n_x and the rating count; returns their objective terms.
   */
  private static double accumulateRow(
      Sweep sweep, double regParam, RowOrder order, int x, double[] row) {
    int rank = sweep.rank();
    boolean users = sweep.solved() == Side.USERS;
    double[] solved = users ? sweep.userFactors() : sweep.itemFactors();
    double[] fixed = users ? sweep.itemFactors() : sweep.userFactors();
    int xOffset = x * rank;
    int triangle = rank * (rank + 1) / 2;
    double loss = 0;
    for (int i = order.start(x); i < order.start(x + 1); i++) {
      int y = order.fixedRow(i) * rank;
      double rating = order.rating(i);
      double dot = 0;
      double norms = 0;
      for (int k = 0; k < rank; k++) {
        dot += solved[xOffset + k] * fixed[y + k];
        norms += solved[xOffset + k] * solved[xOffset + k] + fixed[y + k] * fixed[y + k];
      }
      double weight; // on y y^T
      double target; // on y in b
      boolean counted;
      if (sweep.implicitPrefs()) {
        double extra = sweep.alpha() * Math.abs(rating);
        counted = rating > 0;
        weight = extra;
        target = counted ? 1 + extra : 0;
        double preference = counted ? 1 : 0;
        loss += (1 + extra) * (preference - dot) * (preference - dot) - dot * dot;
      } else {
        counted = true;
        weight = 1;
        target = rating;
        loss += (rating - dot) * (rating - dot);
      }
      if (counted) {
        loss += regParam * norms;
        row[triangle + rank] += 1;
      }
      int k = 0;
      for (int a = 0; a < rank; a++) {
        double ya = weight * fixed[y + a];
        for (int b = a; b < rank; b++) {
          row[k++] += ya * fixed[y + b];
        }
      }
      for (int a = 0; a < rank; a++) {
        row[triangle + a] += target * fixed[y + a];
      }
      row[triangle + rank + 1] += 1;
    }
    return loss;
  }

  /**
   * sum over all user-item pairs of (u . v)^2 = sum_ab (U^T U)_ab (V^T V)_ab: the all-pairs term of
   * the implicit objective, without enumerating the pairs.
   */
  public static double allPairsSquaredPredictions(
      double[] userFactors, double[] itemFactors, int rank) {
    double[] uu = gramian(userFactors, rank);
    double[] vv = gramian(itemFactors, rank);
    double sum = 0;
    for (int p = 0; p < uu.length; p++) {
      sum += uu[p] * vv[p];
    }
    return sum;
  }

  /** Y^T Y of the row-major factors {@code y} (rank x rank, row-major, full). */
  public static double[] gramian(double[] y, int rank) {
    double[] g = new double[rank * rank];
    for (int row = 0; row < y.length / rank; row++) {
      int o = row * rank;
      for (int a = 0; a < rank; a++) {
        double ya = y[o + a];
        for (int b = a; b < rank; b++) {
          g[a * rank + b] += ya * y[o + b];
        }
      }
    }
    for (int a = 0; a < rank; a++) {
      for (int b = 0; b < a; b++) {
        g[a * rank + b] = g[b * rank + a];
      }
    }
    return g;
  }
}
