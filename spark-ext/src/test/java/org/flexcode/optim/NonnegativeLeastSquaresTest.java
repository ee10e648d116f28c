package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class NonnegativeLeastSquaresTest {

  @Test
  void solvesAThreeByThreeCaseWhoseAnswerIsKnown() {
    // The unconstrained solution is (85, -113, 87) / 67. Enumerating the 8 passive sets, only
    // {0, 2} meets the KKT conditions: by Cramer's rule on [[4, 1], [1, 6]] x = (3, 4), det 23,
    // x = (14/23, 0, 13/23), where w_1 = -2 - (2 x 14 + 3 x 13) / 23 = -113/23 <= 0.
    double[] q = {4, 2, 1, 2, 5, 3, 1, 3, 6};
    double[] c = {3, -2, 4};
    double[] x = new double[3];
    assertTrue(new NonnegativeLeastSquares(3).solve(q, c, x, 0));
    assertArrayEquals(new double[] {14.0 / 23, 0, 13.0 / 23}, x, 1e-14);
  }

  @Test
  void agreesWithTheEnumerationOfEveryPassiveSet() {
    Random random = new Random(11);
    for (int trial = 0; trial < 200; trial++) {
      int n = 1 + trial % 6;
      double[] q = randomSpd(random, n, n + 2, 0.01);
      double[] c = randomVector(random, n);
      double[] x = new double[n];
      assertTrue(new NonnegativeLeastSquares(n).solve(q, c, x, 0));
      assertArrayEquals(byEnumeration(q, c, n), x, 1e-9, "trial " + trial);
    }
  }

  @Test
  void meetsTheKktConditionsOnRandomPositiveDefiniteSystems() {
    Random random = new Random(23);
    for (int trial = 0; trial < 300; trial++) {
      int n = new int[] {5, 10, 20, 50}[trial % 4];
      // few outer products and a tiny ridge make some systems badly conditioned
      double ridge = trial % 3 == 0 ? 1e-6 : 0.1;
      double[] q = randomSpd(random, n, n / 2 + 1 + trial % n, ridge);
      double[] c = randomVector(random, n);
      double[] x = new double[n + 1];
      x[0] = 42;
      assertTrue(new NonnegativeLeastSquares(n).solve(q, c, x, 1));
      assertEquals(42, x[0]);
      double[] solution = java.util.Arrays.copyOfRange(x, 1, n + 1);
      assertKkt(q, c, solution, n, "trial " + trial);
    }
  }

  @Test
  void aPositiveUnconstrainedSolutionIsTheCholeskySolution() {
    double[] q = {2, 1, 1, 2};
    double[] c = {4, 5};
    double[] x = new double[2];
    assertTrue(new NonnegativeLeastSquares(2).solve(q, c, x, 0));
    assertArrayEquals(new double[] {1, 2}, x, 1e-14);
  }

  @Test
  void aNonPositiveRightHandSideGivesZeroAndOneSolverServesManySystems() {
    NonnegativeLeastSquares solver = new NonnegativeLeastSquares(2);
    double[] x = {7, 7};
    assertTrue(solver.solve(new double[] {2, 1, 1, 2}, new double[] {-1, 0}, x, 0));
    assertArrayEquals(new double[] {0, 0}, x);
    assertTrue(solver.solve(new double[] {2, 1, 1, 2}, new double[] {1, -1}, x, 0));
    assertArrayEquals(new double[] {0.5, 0}, x, 1e-14);
  }

  @Test
  void aSemiDefiniteSystemGetsATinyRidgeAndAnUnboundedOneFails() {
    // one rating (1, 1) with value 2 and no regularization: any x >= 0 with x_0 + x_1 = 2
    double[] x = new double[2];
    assertTrue(
        new NonnegativeLeastSquares(2).solve(new double[] {1, 1, 1, 1}, new double[] {2, 2}, x, 0));
    assertEquals(2.0, x[0] + x[1], 1e-6);
    assertTrue(x[0] >= 0 && x[1] >= 0);
    double[] kept = {3, 4};
    assertFalse(new NonnegativeLeastSquares(2).solve(new double[4], new double[] {1, 0}, kept, 0));
    assertArrayEquals(new double[] {3, 4}, kept);
  }

  /** x >= 0; w = c - Q x is 0 where x > 0 and <= 0 where x = 0, up to rounding. */
  static void assertKkt(double[] q, double[] c, double[] x, int n, String what) {
    double scale = 0;
    for (int i = 0; i < n; i++) {
      scale = Math.max(scale, Math.abs(c[i]));
    }
    for (int i = 0; i < n; i++) {
      double w = c[i];
      for (int j = 0; j < n; j++) {
        w -= q[i * n + j] * x[j];
      }
      assertTrue(x[i] >= 0, what + ": x_" + i + " = " + x[i]);
      if (x[i] > 0) {
        assertEquals(0, w, 1e-8 * scale, what + ": gradient at free x_" + i);
      } else {
        assertTrue(w <= 1e-8 * scale, what + ": ascent " + w + " at bound x_" + i);
      }
    }
  }

  /** The one passive set whose solution meets the KKT conditions, found by trying all 2^n. */
  private static double[] byEnumeration(double[] q, double[] c, int n) {
    for (int set = 0; set < 1 << n; set++) {
      double[] x = passiveSolution(q, c, n, set);
      if (x != null && satisfiesKkt(q, c, x, n, set)) {
        return x;
      }
    }
    throw new AssertionError("no passive set meets the KKT conditions");
  }

  /** The solution of Q_PP x_P = c_P by Gaussian elimination, 0 outside P; null if some x_P < 0. */
  private static double[] passiveSolution(double[] q, double[] c, int n, int set) {
    int[] members = new int[Integer.bitCount(set)];
    for (int i = 0, m = 0; i < n; i++) {
      if ((set >> i & 1) == 1) {
        members[m++] = i;
      }
    }
    int m = members.length;
    double[][] augmented = new double[m][m + 1];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        augmented[a][b] = q[members[a] * n + members[b]];
      }
      augmented[a][m] = c[members[a]];
    }
    for (int p = 0; p < m; p++) {
      for (int r = p + 1; r < m; r++) {
        double f = augmented[r][p] / augmented[p][p];
        for (int k = p; k <= m; k++) {
          augmented[r][k] -= f * augmented[p][k];
        }
      }
    }
    double[] x = new double[n];
    for (int a = m - 1; a >= 0; a--) {
      double sum = augmented[a][m];
      for (int b = a + 1; b < m; b++) {
        sum -= augmented[a][b] * x[members[b]];
      }
      x[members[a]] = sum / augmented[a][a];
      if (x[members[a]] < 0) {
        return null;
      }
    }
    return x;
  }

  private static boolean satisfiesKkt(double[] q, double[] c, double[] x, int n, int set) {
    for (int i = 0; i < n; i++) {
      double w = c[i];
      for (int j = 0; j < n; j++) {
        w -= q[i * n + j] * x[j];
      }
      if ((set >> i & 1) == 0 && w > 1e-12) {
        return false;
      }
    }
    return true;
  }

  /** A sum of {@code products} Gaussian outer products plus {@code ridge} I (n x n, row-major). */
  static double[] randomSpd(Random random, int n, int products, double ridge) {
    double[] q = new double[n * n];
    for (int p = 0; p < products; p++) {
      double[] y = randomVector(random, n);
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          q[a * n + b] += y[a] * y[b];
        }
      }
    }
    for (int a = 0; a < n; a++) {
      q[a * n + a] += ridge;
    }
    return q;
  }

  static double[] randomVector(Random random, int n) {
    return DoubleStream.generate(random::nextGaussian).limit(n).toArray();
  }
}
