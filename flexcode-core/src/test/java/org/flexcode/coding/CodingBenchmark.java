package org.flexcode.coding;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Prints, for the cyclic code at n = 4..64 and s = 1..3 and for both constructions of H, the worst
 * relative decoding error of random block vectors and the worst condition number of B_F over the
 * finished sets of size n - s: every set when there are at most 6,000, otherwise every set whose
 * missing tasks are contiguous (the worst case of the Fourier construction) plus 3,000 random ones.
 *
 * <p>Run: {@code submit-scripts/run-class org.flexcode.coding.CodingBenchmark [maxN]}, or {@code
 * ... CodingBenchmark exhaustive n s} to check every set of n - s tasks for one code (condition
 * numbers skipped).
 */
public final class CodingBenchmark {

  private static boolean exhaustive;

  private CodingBenchmark() {}

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("exhaustive")) {
      // exhaustive n s: every set of n - s finished tasks, condition numbers skipped
      exhaustive = true;
      int n = Integer.parseInt(args[1]);
      int s = Integer.parseInt(args[2]);
      report(n, s, CyclicRepetitionCode.constructionFor(n, s));
      return;
    }
    int maxN = args.length > 0 ? Integer.parseInt(args[0]) : 64;
    System.out.println("n\ts\tconstruction\tsets\tworst_rel_error\tworst_condition");
    for (int s = 1; s <= 3; s++) {
      for (int n = s + 2; n <= maxN; n += (n < 16 ? 1 : 8)) {
        for (CyclicRepetitionCode.Construction c : CyclicRepetitionCode.Construction.values()) {
          if (c == CyclicRepetitionCode.Construction.FOURIER && (n + s) % 2 == 0) {
            continue; // no real consecutive-frequency construction exists there
          }
          report(n, s, c);
        }
      }
    }
  }

  private static void report(int n, int s, CyclicRepetitionCode.Construction construction) {
    double[][] b = CyclicRepetitionCode.encodingMatrix(n, s, construction);
    SplittableRandom random = new SplittableRandom(7);
    int dim = 4;
    double[][] blocks = new double[n][dim];
    double[] truth = new double[dim];
    for (int j = 0; j < n; j++) {
      for (int d = 0; d < dim; d++) {
        blocks[j][d] = random.nextDouble(-1, 1);
        truth[d] += blocks[j][d];
      }
    }
    List<BitSet> sets = finishedSets(n, s, random);
    double worstError = 0;
    double worstCondition = 0;
    for (BitSet finished : sets) {
      int[] tasks = finished.stream().toArray();
      double[][] bft = new double[n][tasks.length];
      for (int j = 0; j < n; j++) {
        for (int c = 0; c < tasks.length; c++) {
          bft[j][c] = b[tasks[c]][j];
        }
      }
      double[] ones = new double[n];
      java.util.Arrays.fill(ones, 1.0);
      double[] a = LeastSquares.solve(bft, ones).x();
      double[] decoded = new double[dim];
      for (int c = 0; c < tasks.length; c++) {
        for (int j = 0; j < n; j++) {
          if (b[tasks[c]][j] != 0) {
            for (int d = 0; d < dim; d++) {
              decoded[d] += a[c] * b[tasks[c]][j] * blocks[j][d];
            }
          }
        }
      }
      worstError = Math.max(worstError, GradientCodeContractTest.relativeError(decoded, truth));
      if (!exhaustive) {
        worstCondition =
            Math.max(
                worstCondition,
                new SingularValueDecomposition(new Array2DRowRealMatrix(bft)).getConditionNumber());
      }
    }
    System.out.printf(
        "%d\t%d\t%s\t%d\t%.2e\t%.2e%n",
        n, s, construction, sets.size(), worstError, worstCondition);
  }

  private static List<BitSet> finishedSets(int n, int s, SplittableRandom random) {
    List<BitSet> sets = new ArrayList<>();
    if (exhaustive || binomial(n, s) <= 6_000) {
      collect(n, s, 0, new BitSet(), sets);
      return sets;
    }
    for (int start = 0; start < n; start++) {
      BitSet finished = new BitSet();
      finished.set(0, n);
      for (int k = 0; k < s; k++) {
        finished.clear((start + k) % n);
      }
      sets.add(finished);
    }
    for (int t = 0; t < 3_000; t++) {
      BitSet finished = new BitSet();
      finished.set(0, n);
      while (finished.cardinality() > n - s) {
        finished.clear(random.nextInt(n));
      }
      sets.add(finished);
    }
    return sets;
  }

  private static void collect(int n, int s, int from, BitSet missing, List<BitSet> out) {
    if (missing.cardinality() == s) {
      BitSet finished = new BitSet();
      finished.set(0, n);
      finished.andNot(missing);
      out.add(finished);
      return;
    }
    for (int i = from; i < n; i++) {
      missing.set(i);
      collect(n, s, i + 1, missing, out);
      missing.clear(i);
    }
  }

  private static long binomial(int n, int k) {
    long result = 1;
    for (int i = 1; i <= k; i++) {
      result = result * (n - k + i) / i;
    }
    return result;
  }
}
