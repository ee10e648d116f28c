package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class NormalEquationSolverTest {

  @Test
  void solvesTheRegularizedSystemWithTheGramianAdded() {
    int rank = 4;
    Random random = new Random(5);
    double[] full = new double[rank * rank];
    for (int n = 0; n < 6; n++) { // a sum of outer products: symmetric, positive semi-definite
      double[] y = new double[rank];
      for (int k = 0; k < rank; k++) {
        y[k] = random.nextGaussian();
      }
      for (int a = 0; a < rank; a++) {
        for (int b = 0; b < rank; b++) {
          full[a * rank + b] += y[a] * y[b];
        }
      }
    }
    double[] gramian = new double[rank * rank];
    for (int a = 0; a < rank; a++) {
      gramian[a * rank + a] = 0.5 + a;
    }
    double[] statistic = new double[3 + rank * (rank + 1) / 2 + rank];
    int k = 3; // the row starts at an offset
    for (int a = 0; a < rank; a++) {
      for (int b = a; b < rank; b++) {
        statistic[k++] = full[a * rank + b];
      }
    }
    double[] rhs = {1, -2, 0.5, 3};
    System.arraycopy(rhs, 0, statistic, k, rank);
    double ridge = 0.3;
    double[] x = new double[rank + 2];
    assertTrue(new NormalEquationSolver(rank).solve(statistic, 3, gramian, ridge, x, 2));
    for (int a = 0; a < rank; a++) {
      double row = 0;
      for (int b = 0; b < rank; b++) {
        double m = full[a * rank + b] + gramian[a * rank + b] + (a == b ? ridge : 0);
        row += m * x[2 + b];
      }
      assertEquals(rhs[a], row, 1e-10, "row " + a);
    }
    assertEquals(0.0, x[0]);
    assertEquals(0.0, x[1]);
  }

  @Test
  void aSingularRowGetsATinyRidgeAndAZeroMatrixKeepsThePreviousFactors() {
    // one rating of (1, 1): A = [[1, 1], [1, 1]] is singular without regularization
    double[] statistic = {1, 1, 1, 2, 2};
    double[] x = {9, 9};
    assertTrue(new NormalEquationSolver(2).solve(statistic, 0, null, 0.0, x, 0));
    assertEquals(2.0, x[0] + x[1], 1e-6);
    double[] zero = {0, 0, 0, 0, 0};
    double[] kept = {7, 8};
    assertFalse(new NormalEquationSolver(2).solve(zero, 0, null, 0.0, kept, 0));
    assertArrayEquals(new double[] {7, 8}, kept);
  }

  @Test
  void nonnegativeRowsSolveTheSameSystemUnderXAtLeastZero() {
    int rank = 6;
    Random random = new Random(9);
    double[] full = NonnegativeLeastSquaresTest.randomSpd(random, rank, 4, 0);
    double[] gramian = NonnegativeLeastSquaresTest.randomSpd(random, rank, 3, 0);
    double ridge = 0.2;
    int triangle = rank * (rank + 1) / 2;
    double[] statistic = new double[1 + triangle + rank];
    int k = 1;
    for (int a = 0; a < rank; a++) {
      for (int b = a; b < rank; b++) {
        statistic[k++] = full[a * rank + b];
      }
    }
    double[] rhs = NonnegativeLeastSquaresTest.randomVector(random, rank);
    System.arraycopy(rhs, 0, statistic, k, rank);
    double[] x = new double[rank];
    assertTrue(new NormalEquationSolver(rank, true).solve(statistic, 1, gramian, ridge, x, 0));
    double[] system = new double[rank * rank];
    for (int p = 0; p < system.length; p++) {
      system[p] = full[p] + gramian[p] + (p % (rank + 1) == 0 ? ridge : 0);
    }
    NonnegativeLeastSquaresTest.assertKkt(system, rhs, x, rank, "nonnegative row");
    double[] unconstrained = new double[rank];
    assertTrue(
        new NormalEquationSolver(rank).solve(statistic, 1, gramian, ridge, unconstrained, 0));
    assertTrue(java.util.Arrays.stream(unconstrained).anyMatch(v -> v < 0), "the bound binds");
    double[] kept = {7, 8};
    assertFalse(new NormalEquationSolver(2, true).solve(new double[5], 0, null, 0.0, kept, 0));
    assertArrayEquals(new double[] {7, 8}, kept);
  }
}
