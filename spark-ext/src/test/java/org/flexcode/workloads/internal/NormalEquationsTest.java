package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.flexcode.workloads.internal.NormalEquations.Side;
import org.flexcode.workloads.internal.NormalEquations.Sweep;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class NormalEquationsTest {

  static final int RANK = 2;
  // users 0, 1; items 0, 1, 2
  static final double[] USERS = {1, 2, -1, 0.5};
  static final double[] ITEMS = {0.5, 1, 2, -1, 0, 3};

  @Test
  void explicitRowsHoldTheGramOfTheRatedItemsTheirRatingWeightedSumAndCounts() {
    List<IndexedRating> ratings =
        List.of(new IndexedRating(0, 0, 4), new IndexedRating(0, 2, 1), new IndexedRating(1, 1, 2));
    Sweep sweep = new Sweep(Side.USERS, RANK, USERS, ITEMS, false, 0);
    double[] out = new double[NormalEquations.dimension(2, 3, RANK)];
    NormalEquations.accumulate(sweep, 2, 0.5, ratings, out);
    int entries = NormalEquations.rowEntries(RANK);
    assertEquals(7, entries);
    // user 0 rated item 0 (0.5, 1) with 4 and item 2 (0, 3) with 1
    assertArrayEquals(
        new double[] {0.25 + 0, 0.5 + 0, 1 + 9, 4 * 0.5 + 0, 4 * 1 + 3, 2, 2},
        java.util.Arrays.copyOfRange(out, 0, entries),
        1e-12);
    // user 1 rated item 1 (2, -1) with 2
    assertArrayEquals(
        new double[] {4, -2, 1, 4, -2, 1, 1},
        java.util.Arrays.copyOfRange(out, entries, 2 * entries),
        1e-12);
    for (int d = 2 * entries; d < out.length - 2; d++) {
      assertEquals(0.0, out[d], "the item rows are not solved in a user half-sweep: " + d);
    }
    // objective: squared errors plus lambda (|u|^2 + |v|^2) per rating
    double e1 = 4 - (0.5 + 2);
    double e2 = 1 - (0 + 6);
    double e3 = 2 - (-2 - 0.5);
    double penalty = 0.5 * ((5 + 1.25) + (5 + 9) + (1.25 + 5));
    assertEquals(e1 * e1 + e2 * e2 + e3 * e3 + penalty, out[out.length - 2], 1e-12);
    assertEquals(3.0, out[out.length - 1]);
  }

  @Test
  void itemHalfSweepsWriteTheItemRowsAndBlocksAddUp() {
    List<IndexedRating> ratings = random(new Random(3), 2, 3, 10);
    Sweep sweep = new Sweep(Side.ITEMS, RANK, USERS, ITEMS, true, 2.0);
    double[] whole = new double[NormalEquations.dimension(2, 3, RANK)];
    NormalEquations.accumulate(sweep, 2, 0.1, ratings, whole);
    double[] halves = new double[whole.length];
    NormalEquations.accumulate(sweep, 2, 0.1, ratings.subList(0, 4), halves);
    NormalEquations.accumulate(sweep, 2, 0.1, ratings.subList(4, 10), halves);
    assertArrayEquals(whole, halves, 1e-12);
    int userRows = 2 * NormalEquations.rowEntries(RANK);
    for (int d = 0; d < userRows; d++) {
      assertEquals(0.0, whole[d]);
    }
    assertTrue(whole[userRows] != 0.0, "item 0's row");
  }

  @Test
  void eachRowsSumsAreTheSameWhicheverWayTheBlockInterleavesTheRows() {
    Random random = new Random(5);
    List<IndexedRating> ratings = random(random, 2, 3, 40);
    // the same ratings of every user, in the same order, but grouped user by user
    List<IndexedRating> grouped = new ArrayList<>();
    for (int user = 0; user < 2; user++) {
      for (IndexedRating r : ratings) {
        if (r.user() == user) {
          grouped.add(r);
        }
      }
    }
    Sweep sweep = new Sweep(Side.USERS, RANK, USERS, ITEMS, false, 0);
    double[] interleaved = new double[NormalEquations.dimension(2, 3, RANK)];
    NormalEquations.accumulate(sweep, 2, 0.1, ratings, interleaved);
    double[] byRow = new double[interleaved.length];
    NormalEquations.accumulate(sweep, 2, 0.1, grouped, byRow);
    int rows = 2 * NormalEquations.rowEntries(RANK);
    assertArrayEquals(
        java.util.Arrays.copyOf(byRow, rows), java.util.Arrays.copyOf(interleaved, rows), 0.0);
    assertEquals(40.0, interleaved[interleaved.length - 1]);
  }

  @Test
  void implicitObjectiveFromTheStatisticAndTheGramiansEqualsTheSumOverAllPairs() {
    Random random = new Random(11);
    int users = 5;
    int items = 7;
    int rank = 3;
    double[] u = gaussian(random, users * rank);
    double[] v = gaussian(random, items * rank);
    List<IndexedRating> ratings = new ArrayList<>();
    for (int i = 0; i < users; i++) {
      for (int j = 0; j < items; j++) {
        if (random.nextDouble() < 0.4) {
          ratings.add(new IndexedRating(i, j, random.nextInt(5) - 1)); // -1 .. 3, zeros too
        }
      }
    }
    double alpha = 1.5;
    double lambda = 0.2;
    double[] out = new double[NormalEquations.dimension(users, items, rank)];
    NormalEquations.accumulate(
        new Sweep(Side.USERS, rank, u, v, true, alpha), users, lambda, ratings, out);
    double fromStatistic =
        out[out.length - 2] + NormalEquations.allPairsSquaredPredictions(u, v, rank);
    double[][] r = new double[users][items];
    boolean[][] seen = new boolean[users][items];
    for (IndexedRating x : ratings) {
      r[x.user()][x.item()] = x.rating();
      seen[x.user()][x.item()] = true;
    }
    double brute = 0;
    for (int i = 0; i < users; i++) {
      for (int j = 0; j < items; j++) {
        double dot = 0;
        double norms = 0;
        for (int k = 0; k < rank; k++) {
          dot += u[i * rank + k] * v[j * rank + k];
          norms += u[i * rank + k] * u[i * rank + k] + v[j * rank + k] * v[j * rank + k];
        }
        double c = 1 + alpha * Math.abs(r[i][j]);
        double p = r[i][j] > 0 ? 1 : 0;
        brute += c * (p - dot) * (p - dot);
        if (seen[i][j] && r[i][j] > 0) {
          brute += lambda * norms;
        }
      }
    }
    assertEquals(brute, fromStatistic, 1e-9 * Math.abs(brute));
  }

  @Test
  void refusesAStatisticThatDoesNotFitInAnArray() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NormalEquations.dimension(20_000_000, 20_000_000, 10));
    assertTrue(e.getMessage().contains("lower the rank"), e.getMessage());
  }

  static List<IndexedRating> random(Random random, int users, int items, int count) {
    List<IndexedRating> ratings = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      ratings.add(
          new IndexedRating(random.nextInt(users), random.nextInt(items), 1 + random.nextInt(5)));
    }
    return ratings;
  }

  static double[] gaussian(Random random, int length) {
    double[] x = new double[length];
    for (int p = 0; p < length; p++) {
      x[p] = random.nextGaussian();
    }
    return x;
  }
}
