package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class MatrixFactorizationTest {

  static final int USERS = 3;
  static final int ITEMS = 4;
  static final int RANK = 2;
  static final List<IndexedRating> RATINGS =
      List.of(
          new IndexedRating(0, 0, 4.0),
          new IndexedRating(0, 2, 1.5),
          new IndexedRating(1, 1, 3.0),
          new IndexedRating(1, 2, 5.0),
          new IndexedRating(2, 0, 2.0),
          new IndexedRating(2, 3, 0.5),
          new IndexedRating(2, 2, 3.5));

  static double[] randomFactors(long seed) {
    Random random = new Random(seed);
    double[] w = new double[MatrixFactorization.parameterCount(USERS, ITEMS, RANK)];
    for (int p = 0; p < w.length; p++) {
      w[p] = random.nextGaussian();
    }
    return w;
  }

  @Test
  void gradientMatchesCentralFiniteDifferences() {
    double lambda = 0.3;
    double[] w = randomFactors(7);
    double[] gradient = new double[w.length];
    MatrixFactorization.objective(w, USERS, ITEMS, RANK, lambda, RATINGS, gradient);
    double h = 1e-6;
    double[] ignored = new double[w.length];
    for (int p = 0; p < w.length; p++) {
      double[] plus = w.clone();
      double[] minus = w.clone();
      plus[p] += h;
      minus[p] -= h;
      double numeric =
          (MatrixFactorization.objective(plus, USERS, ITEMS, RANK, lambda, RATINGS, ignored)
                  - MatrixFactorization.objective(
                      minus, USERS, ITEMS, RANK, lambda, RATINGS, ignored))
              / (2 * h);
      assertEquals(numeric, gradient[p], 1e-7 * Math.max(1, Math.abs(numeric)), "parameter " + p);
    }
  }

  @Test
  void objectiveIsTheAlsWrObjectiveAveragedOverRatings() {
    double lambda = 0.2;
    double[] w = randomFactors(3);
    double expected = 0;
    int[] userCounts = new int[USERS];
    int[] itemCounts = new int[ITEMS];
    for (IndexedRating r : RATINGS) {
      double e = r.rating() - MatrixFactorization.predict(w, USERS, RANK, r.user(), r.item());
      expected += 0.5 * e * e;
      userCounts[r.user()]++;
      itemCounts[r.item()]++;
    }
    for (int row = 0; row < USERS + ITEMS; row++) {
      double norm = 0;
      for (int k = 0; k < RANK; k++) {
        norm += w[row * RANK + k] * w[row * RANK + k];
      }
      int count = row < USERS ? userCounts[row] : itemCounts[row - USERS];
      expected += 0.5 * lambda * count * norm;
    }
    expected /= RATINGS.size();
    double actual =
        MatrixFactorization.objective(w, USERS, ITEMS, RANK, lambda, RATINGS, new double[w.length]);
    assertEquals(expected, actual, 1e-12);
  }

  @Test
  void blockStatisticsAddUpToTheWholeData() {
    double[] w = randomFactors(11);
    int dimension = MatrixFactorization.dimension(USERS, ITEMS, RANK);
    var statistic = MatrixFactorization.statistic(USERS, ITEMS, RANK, 0.1);
    double[] whole = new double[dimension];
    statistic.accumulate(w, 0, 0, RATINGS, whole);
    double[] parts = new double[dimension];
    statistic.accumulate(w, 0, 0, RATINGS.subList(0, 3), parts);
    statistic.accumulate(w, 0, 1, RATINGS.subList(3, RATINGS.size()), parts);
    for (int d = 0; d < dimension; d++) {
      assertEquals(whole[d], parts[d], 1e-12, "entry " + d);
    }
    assertEquals(RATINGS.size(), whole[dimension - 1]);
  }

  @Test
  void aBlockWritesOnlyTheRowsItRates() {
    double[] w = randomFactors(5);
    double[] out = new double[MatrixFactorization.dimension(USERS, ITEMS, RANK)];
    MatrixFactorization.accumulate(w, USERS, RANK, 0.1, List.of(new IndexedRating(1, 3, 2.0)), out);
    for (int p = 0; p < w.length; p++) {
      boolean touched = p / RANK == 1 || p / RANK == USERS + 3;
      assertEquals(touched, out[p] != 0.0, "parameter " + p);
    }
  }

  @Test
  void rejectsBadArgumentsNamingThem() {
    IllegalArgumentException rank =
        assertThrows(IllegalArgumentException.class, () -> MatrixFactorization.dimension(2, 2, 0));
    assertEquals("need numUsers >= 0, numItems >= 0, rank >= 1; got 2, 2, 0", rank.getMessage());
    IllegalArgumentException lambda =
        assertThrows(
            IllegalArgumentException.class, () -> MatrixFactorization.statistic(2, 2, 1, -1));
    assertEquals("regParam must be a finite number >= 0, got -1.0", lambda.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> MatrixFactorization.parameterCount(Integer.MAX_VALUE, 1, 2));
  }
}
