package org.flexcode.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract every gradient code meets: for n <= 12 and s <= 3, every finished set of at least n
 * - s tasks decodes the exact sum of random block vectors, and smaller sets get the least-squares
 * optimum, checked against an independent SVD solve. One thin subclass per code.
 */
@Tag("unit")
abstract class GradientCodeContractTest {

  static final int MAX_N = 12;
  static final int MAX_S = 3;
  static final int DIM = 5;

  /** The codes under test: every (n, s) this code accepts with n <= 12 and s <= 3. */
  abstract List<GradientCode> codes();

  @Test
  void decodesExactSumForEveryToleratedStragglerSet() {
    SplittableRandom random = new SplittableRandom(42);
    for (GradientCode code : codes()) {
      int n = code.numTasks();
      double[][] blocks = randomBlocks(random, n);
      double[] truth = sumOf(blocks);
      forEachSubset(
          n,
          n - code.stragglerTolerance(),
          finished -> {
            assertTrue(code.isDecodable(finished), code + " should decode " + finished);
            Decoding decoding = code.decode(finished);
            assertTrue(decoding.exact(), code + " decoding of " + finished + " " + decoding);
            assertTrue(finished.equals(orWith(finished, decoding.usedTasks())), "uses only F");
            double[] decoded = combine(code, decoding, blocks);
            assertTrue(
                relativeError(decoded, truth) <= 1e-9,
                code + " " + finished + " relative error " + relativeError(decoded, truth));
          });
    }
  }

  @Test
  void givesTheLeastSquaresOptimumBeyondTolerance() {
    for (GradientCode code : codes()) {
      int n = code.numTasks();
      int smaller = n - code.stragglerTolerance() - 1;
      for (int k = Math.max(0, smaller - 1); k <= smaller; k++) {
        int size = k;
        forEachSubset(
            n,
            size,
            finished -> {
              if (finished.cardinality() != size) {
                return; // forEachSubset also yields larger sets; they are covered above
              }
              Decoding decoding = code.decode(finished);
              double expected = independentResidual(code, finished);
              assertEquals(
                  expected,
                  decoding.residual(),
                  1e-8 * Math.max(1, expected),
                  code + " residual for " + finished);
              assertEquals(
                  expected, recomputedResidual(code, decoding), 1e-8 * Math.max(1, expected));
              assertEquals(decoding.exact(), expected <= 1e-9, code + " exact flag " + finished);
            });
      }
    }
  }

  @Test
  void everyTaskHoldsSPlusOneBlocksAndEveryBlockHasSPlusOneCopies() {
    for (GradientCode code : codes()) {
      int copies = code.stragglerTolerance() + 1;
      for (int i = 0; i < code.numTasks(); i++) {
        assertEquals(copies, code.blocksOf(i).length, code + " task " + i);
        assertEquals(copies, code.coefficientsOf(i).length, code + " task " + i);
        assertEquals(copies, code.tasksHolding(i).length, code + " block " + i);
      }
    }
  }

  @Test
  void decodingIsCachedBySetAndIgnoresLaterChangesToTheCallersBitSet() {
    for (GradientCode code : codes()) {
      BitSet all = new BitSet();
      all.set(0, code.numTasks());
      Decoding first = code.decode(all);
      all.clear(0);
      Decoding second = code.decode(all);
      all.set(0);
      assertTrue(first == code.decode(all), "the same set returns the cached decoding");
      assertFalse(first == second);
    }
  }

  // ---- helpers ----

  static double[][] randomBlocks(SplittableRandom random, int n) {
    double[][] blocks = new double[n][DIM];
    for (double[] block : blocks) {
      for (int d = 0; d < DIM; d++) {
        block[d] = random.nextDouble(-10, 10);
      }
    }
    return blocks;
  }

  static double[] sumOf(double[][] blocks) {
    double[] sum = new double[DIM];
    for (double[] block : blocks) {
      for (int d = 0; d < DIM; d++) {
        sum[d] += block[d];
      }
    }
    return sum;
  }

  /** sum over tasks of a_i f_i, with f_i = sum_j B_ij g_j computed from the code's rows. */
  static double[] combine(GradientCode code, Decoding decoding, double[][] blocks) {
    double[] result = new double[DIM];
    for (int i = 0; i < code.numTasks(); i++) {
      double a = decoding.coefficient(i);
      if (a == 0) {
        continue;
      }
      int[] held = code.blocksOf(i);
      double[] weights = code.coefficientsOf(i);
      for (int k = 0; k < held.length; k++) {
        for (int d = 0; d < DIM; d++) {
          result[d] += a * weights[k] * blocks[held[k]][d];
        }
      }
    }
    return result;
  }

  static double relativeError(double[] x, double[] truth) {
    return org.flexcode.metrics.Errors.relative(x, truth);
  }

  static double[][] denseB(GradientCode code) {
    int n = code.numTasks();
    double[][] b = new double[n][n];
    for (int i = 0; i < n; i++) {
      int[] held = code.blocksOf(i);
      double[] weights = code.coefficientsOf(i);
      for (int k = 0; k < held.length; k++) {
        b[i][held[k]] = weights[k];
      }
    }
    return b;
  }

  /** min ||B_F^T a - 1|| by an SVD pseudo-inverse (commons-math3), independent of our QR. */
  static double independentResidual(GradientCode code, BitSet finished) {
    int n = code.numTasks();
    if (finished.isEmpty()) {
      return Math.sqrt(n);
    }
    double[][] b = denseB(code);
    int[] tasks = finished.stream().toArray();
    double[][] bft = new double[n][tasks.length];
    for (int j = 0; j < n; j++) {
      for (int c = 0; c < tasks.length; c++) {
        bft[j][c] = b[tasks[c]][j];
      }
    }
    Array2DRowRealMatrix matrix = new Array2DRowRealMatrix(bft);
    RealVector ones = new ArrayRealVector(n, 1.0);
    RealVector a = new SingularValueDecomposition(matrix).getSolver().solve(ones);
    return matrix.operate(a).subtract(ones).getNorm();
  }

  static double recomputedResidual(GradientCode code, Decoding decoding) {
    int n = code.numTasks();
    double[][] b = denseB(code);
    double sum = 0;
    for (int j = 0; j < n; j++) {
      double r = -1;
      for (int i = 0; i < n; i++) {
        r += decoding.coefficient(i) * b[i][j];
      }
      sum += r * r;
    }
    return Math.sqrt(sum);
  }

  static BitSet orWith(BitSet a, BitSet b) {
    BitSet c = (BitSet) a.clone();
    c.or(b);
    return c;
  }

  /** Calls {@code action} with every subset of [0, n) of size at least {@code minSize}. */
  static void forEachSubset(int n, int minSize, Consumer<BitSet> action) {
    for (long mask = 0; mask < (1L << n); mask++) {
      if (Long.bitCount(mask) >= minSize) {
        action.accept(BitSet.valueOf(new long[] {mask}));
      }
    }
  }
}
