package org.flexcode.workloads.internal;

import org.flexcode.aggregation.BlockStatistic;

/**
 * Matrix factorization with the weighted-lambda L2 penalty of ALS-WR (Zhou, Wilkinson, Schreiber
 * and Pan, "Large-scale parallel collaborative filtering for the Netflix prize", AAIM 2008), the
 * objective Spark's {@code ALS} minimizes (explicit feedback), halved and averaged over the
 * ratings:
 *
 * <pre>
 *   F(U, V) = (1/N) sum_{(i,j,r) in Omega} [ 1/2 (r - u_i . v_j)^2 + lambda/2 (|u_i|^2 + |v_j|^2) ]
 *           = (1/N) [ 1/2 sum_Omega (r - u_i . v_j)^2
 *                     + lambda/2 (sum_i n_i |u_i|^2 + sum_j m_j |v_j|^2) ]
 *
 *   dF/du_i = (1/N) sum_{j : (i,j) in Omega} ( -(r_ij - u_i . v_j) v_j + lambda u_i )
 *   dF/dv_j = (1/N) sum_{i : (i,j) in Omega} ( -(r_ij - u_i . v_j) u_i + lambda v_j )
 * </pre>
 *
 * with N = |Omega| and n_i, m_j the rating counts of user i and item j. There are no bias terms
 * (Spark's {@code ALSModel} has none). Because the penalty is written per rating, every term of F
 * and its gradient is a sum over ratings, so the engine can add the statistic of data blocks.
 *
 * <p>Parameter layout: one vector of (numUsers + numItems) x rank doubles, the user factors row by
 * row (u_i at [i rank, (i+1) rank)), then the item factors (v_j at [(numUsers + j) rank, ...)). The
 * block statistic has {@link #dimension} entries: the un-normalized gradient sum (same layout),
 * then for every row (users, then items) the curvature sum h_k = sum over its ratings of (|v_j|^2 +
 * lambda) for a user row, (|u_i|^2 + lambda) for an item row (h_k / N bounds the largest eigenvalue
 * of F's Gauss-Newton block of row k, which gradient descent uses as a per-row step scale), then
 * the un-normalized objective sum, then the number of ratings. A block only writes the rows of the
 * users and items it rates; the engine's result is nevertheless dense.
 */
public final class MatrixFactorization {

  private MatrixFactorization() {}

  /** Number of factor parameters: (numUsers + numItems) x rank. */
  public static int parameterCount(int numUsers, int numItems, int rank) {
    if (numUsers < 0 || numItems < 0 || rank < 1) {
      throw new IllegalArgumentException(
          "need numUsers >= 0, numItems >= 0, rank >= 1; got "
              + numUsers
              + ", "
              + numItems
              + ", "
              + rank);
    }
    try {
      return Math.multiplyExact(Math.addExact(numUsers, numItems), rank);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          "(numUsers + numItems) x rank = ("
              + numUsers
              + " + "
              + numItems
              + ") x "
              + rank
              + " does not fit in an int",
          e);
    }
  }

  /**
   * Length of the block statistic: the parameters, one curvature entry per row, then the objective
   * sum and the count.
   */
  public static int dimension(int numUsers, int numItems, int rank) {
    return Math.addExact(
        parameterCount(numUsers, numItems, rank), Math.addExact(numUsers + numItems, 2));
  }

  /**
   * The block statistic (gradient sum, objective sum, count) of F for the engine; the model is the
   * parameter vector. Deterministic: the records are visited in order.
   */
  public static BlockStatistic<IndexedRating, double[]> statistic(
      int numUsers, int numItems, int rank, double regParam) {
    checkRegParam(regParam);
    parameterCount(numUsers, numItems, rank);
    BlockStatistic<IndexedRating, double[]> statistic =
        (factors, iteration, block, records, out) ->
            accumulate(factors, numUsers, rank, regParam, records, out);
    // the curvature sums, the objective sum and the count are totals, not gradient
    return BlockStatistic.endingInTotals(statistic, Math.addExact(numUsers + numItems, 2));
  }

  /**
   * Adds the un-normalized gradient of the ratings into {@code out[0, P)} (P parameters), the row
   * curvature sums into {@code out[P, P + rows)}, the objective sum into {@code out[P + rows]} and
   * the count into {@code out[P + rows + 1]}, where rows = P / rank.
   */
  public static void accumulate(
      double[] factors,
      int numUsers,
      int rank,
      double regParam,
      Iterable<IndexedRating> ratings,
      double[] out) {
    int parameters = factors.length;
    int rows = parameters / rank;
    double loss = 0;
    long count = 0;
    for (IndexedRating r : ratings) {
      int u = r.user() * rank;
      int v = (numUsers + r.item()) * rank;
      double dot = 0;
      double normU = 0;
      double normV = 0;
      for (int k = 0; k < rank; k++) {
        double a = factors[u + k];
        double b = factors[v + k];
        dot += a * b;
        normU += a * a;
        normV += b * b;
      }
      double error = r.rating() - dot;
      for (int k = 0; k < rank; k++) {
        double a = factors[u + k];
        double b = factors[v + k];
        out[u + k] += regParam * a - error * b;
        out[v + k] += regParam * b - error * a;
      }
      out[parameters + r.user()] += normV + regParam;
      out[parameters + numUsers + r.item()] += normU + regParam;
      loss += 0.5 * error * error + 0.5 * regParam * (normU + normV);
      count++;
    }
    out[parameters + rows] += loss;
    out[parameters + rows + 1] += count;
  }

  /**
   * F at {@code factors} with its gradient written into {@code gradient}, computed locally (tests,
   * small problems); NaN when there are no ratings.
   */
  public static double objective(
      double[] factors,
      int numUsers,
      int numItems,
      int rank,
      double regParam,
      Iterable<IndexedRating> ratings,
      double[] gradient) {
    int parameters = parameterCount(numUsers, numItems, rank);
    if (factors.length != parameters || gradient.length != parameters) {
      throw new IllegalArgumentException(
          "factors and gradient need " + parameters + " entries, got " + factors.length);
    }
    int rows = numUsers + numItems;
    double[] sum = new double[dimension(numUsers, numItems, rank)];
    accumulate(factors, numUsers, rank, regParam, ratings, sum);
    double n = sum[parameters + rows + 1];
    for (int p = 0; p < parameters; p++) {
      gradient[p] = sum[p] / n;
    }
    return sum[parameters + rows] / n;
  }

  /** The prediction u_i . v_j. */
  public static double predict(double[] factors, int numUsers, int rank, int user, int item) {
    int u = user * rank;
    int v = (numUsers + item) * rank;
    double dot = 0;
    for (int k = 0; k < rank; k++) {
      dot += factors[u + k] * factors[v + k];
    }
    return dot;
  }

  static void checkRegParam(double regParam) {
    if (!(regParam >= 0) || Double.isInfinite(regParam)) {
      throw new IllegalArgumentException("regParam must be a finite number >= 0, got " + regParam);
    }
  }
}
