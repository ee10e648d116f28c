package org.flexcode.coding;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Cyclic repetition code (Tandon et al. 2017, section 3.2): task i holds blocks i, i+1, ..., i+s
 * (mod n).
 *
 * <p>Construction: pick H (s x n) with H 1 = 0; row i of B has B_ii = 1 and its other s entries
 * solve H b_i = 0. The rows lie in null(H), which has dimension n - s and holds 1, and any n - s of
 * them are independent, so every set of n - s finished tasks decodes by solving a^T B_F = 1^T
 * (least squares by column-pivoted QR, {@link LeastSquares}).
 *
 * <p>Conditioning: a random Gaussian H becomes ill-conditioned as n grows. When n + s is odd we
 * take H's rows from the real Fourier basis at the s consecutive frequencies centred on n/2 (cosine
 * and sine pairs, plus the alternating row (-1)^i for odd s and even n). B is then circulant with
 * zeros at consecutive roots of unity (a BCH-like code: any n - s rows decode) and its decoding
 * reduces to a Vandermonde system on the unit circle. When n + s is even no real set of s
 * consecutive frequencies exists, and H has orthonormal random rows orthogonal to 1 (seeded by n
 * and s).
 *
 * <p>Limits ({@link #maxTasks}): s <= 3, and the largest n at which every n - s set decoded random
 * block vectors within 1e-9 relative error in {@code CodingBenchmark}. Larger n is rejected in
 * favour of the fractional repetition code, which has no such limit.
 */
final class CyclicRepetitionCode extends AbstractGradientCode {

  /** See the class comment: measured by {@code CodingBenchmark}. */
  static final int MAX_TASKS = 64;

  /** The largest stragglers tolerance measured. */
  static final int MAX_TOLERANCE = 3;

  /**
   * The largest n accepted for tolerance s, as measured by {@code CodingBenchmark}: 64 for the
   * Fourier construction (n + s odd); for the random construction (n + s even) 64 at s = 1, 62 at s
   * = 2 (n = 64 gave 2e-9) and 33 at s = 3 (n = 47 gave a nearly singular set).
   */
  static int maxTasks(int n, int s) {
    if (constructionFor(n, s) == Construction.FOURIER || s <= 1) {
      return MAX_TASKS;
    }
    return s == 2 ? 62 : 33;
  }

  /** A decoding is exact when ||B_F^T a - 1|| / ||1|| is at most this. */
  static final double EXACT_RELATIVE_RESIDUAL = 1e-9;

  private final double[][] dense;

  CyclicRepetitionCode(int n, int s) {
    super(n, s, Integer.MAX_VALUE, "cyclic");
    if (s > MAX_TOLERANCE) {
      throw new IllegalArgumentException(
          "cyclic: stragglerTolerance s="
              + s
              + " exceeds "
              + MAX_TOLERANCE
              + ", the largest s whose decoding accuracy was measured;"
              + " use the fractional repetition code (frc) for larger s");
    }
    if (n > maxTasks(n, s)) {
      throw new IllegalArgumentException(
          "cyclic: numTasks n="
              + n
              + " with s="
              + s
              + " exceeds "
              + maxTasks(n, s)
              + ", the largest n at which every n-s set of tasks decodes within 1e-9;"
              + " use the fractional repetition code (frc), which serves thousands of tasks");
    }
    this.dense = encodingMatrix(n, s, constructionFor(n, s));
    int[][] rows = new int[n][s + 1];
    double[][] coefficients = new double[n][s + 1];
    for (int i = 0; i < n; i++) {
      int[] support = new int[s + 1];
      for (int k = 0; k <= s; k++) {
        support[k] = (i + k) % n;
      }
      java.util.Arrays.sort(support);
      rows[i] = support;
      for (int k = 0; k <= s; k++) {
        coefficients[i][k] = dense[i][support[k]];
      }
    }
    setRows(rows, coefficients);
  }

  @Override
  public String describe() {
    return "cyclic(n=" + n + ", s=" + s + ")";
  }

  /**
   * Fewer than n - s tasks can still decode when their rows happen to span 1 (for n even and s = 1
   * the Fourier code's rows are e_i + e_{i+1}, so every other task covers all blocks): decode by
   * least squares (cached per set) and accept an exact residual.
   */
  @Override
  boolean checkDecodable(BitSet finished) {
    return !finished.isEmpty() && decode(finished).exact();
  }

  @Override
  Decoding computeDecoding(BitSet finished) {
    int[] tasks = finished.stream().toArray();
    double[][] bft = new double[n][tasks.length];
    for (int j = 0; j < n; j++) {
      for (int c = 0; c < tasks.length; c++) {
        bft[j][c] = dense[tasks[c]][j];
      }
    }
    double[] ones = new double[n];
    java.util.Arrays.fill(ones, 1.0);
    LeastSquares.Solution solution = LeastSquares.solve(bft, ones);
    double[] a = new double[n];
    for (int c = 0; c < tasks.length; c++) {
      a[tasks[c]] = solution.x()[c];
    }
    boolean exact = solution.residual() <= EXACT_RELATIVE_RESIDUAL * Math.sqrt(n);
    return new Decoding(a, solution.residual(), exact);
  }

  /** How H is drawn; package-private so the benchmark can compare constructions. */
  enum Construction {
    FOURIER,
    RANDOM_ORTHONORMAL
  }

  static Construction constructionFor(int n, int s) {
    return (n + s) % 2 == 1 ? Construction.FOURIER : Construction.RANDOM_ORTHONORMAL;
  }

  /** The dense n x n encoding matrix B for the given construction of H. */
  static double[][] encodingMatrix(int n, int s, Construction construction) {
    double[][] b = new double[n][n];
    if (s == 0) {
      for (int i = 0; i < n; i++) {
        b[i][i] = 1.0;
      }
      return b;
    }
    double[][] h =
        construction == Construction.FOURIER ? fourierRows(n, s) : randomOrthonormalRows(n, s);
    for (int i = 0; i < n; i++) {
      // Solve H[:, others] x = -H[:, i] for the s other entries of row i.
      double[][] system = new double[s][s];
      double[] rhs = new double[s];
      for (int r = 0; r < s; r++) {
        for (int k = 1; k <= s; k++) {
          system[r][k - 1] = h[r][(i + k) % n];
        }
        rhs[r] = -h[r][i];
      }
      double[] x = LeastSquares.solve(system, rhs).x();
      b[i][i] = 1.0;
      for (int k = 1; k <= s; k++) {
        b[i][(i + k) % n] = x[k - 1];
      }
    }
    return b;
  }

  private static double[][] fourierRows(int n, int s) {
    double[][] h = new double[s][n];
    int row = 0;
    if (s % 2 == 1) {
      for (int i = 0; i < n; i++) {
        h[row][i] = (i % 2 == 0 ? 1.0 : -1.0) / Math.sqrt(n);
      }
      row++;
    }
    // Conjugate pairs at the frequencies just below n/2 (strictly, so n/2 itself is not reused).
    int frequency = (n - 1) / 2;
    while (row < s) {
      double scale = Math.sqrt(2.0 / n);
      for (int i = 0; i < n; i++) {
        double angle = 2 * Math.PI * ((long) frequency * i % n) / n;
        h[row][i] = scale * Math.cos(angle);
        h[row + 1][i] = scale * Math.sin(angle);
      }
      row += 2;
      frequency--;
    }
    return h;
  }

  private static double[][] randomOrthonormalRows(int n, int s) {
    SplittableRandom random = new SplittableRandom(0x5eedL + 31L * n + s);
    double[][] h = new double[s][n];
    double[] ones = new double[n];
    java.util.Arrays.fill(ones, 1.0 / Math.sqrt(n));
    for (int r = 0; r < s; r++) {
      for (int i = 0; i < n; i++) {
        h[r][i] = gaussian(random);
      }
      project(h[r], ones);
      for (int q = 0; q < r; q++) {
        project(h[r], h[q]);
      }
      double norm = Math.sqrt(dot(h[r], h[r]));
      for (int i = 0; i < n; i++) {
        h[r][i] /= norm;
      }
    }
    return h;
  }

  private static void project(double[] v, double[] unit) {
    double d = dot(v, unit);
    for (int i = 0; i < v.length; i++) {
      v[i] -= d * unit[i];
    }
  }

  private static double dot(double[] x, double[] y) {
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += x[i] * y[i];
    }
    return sum;
  }

  private static double gaussian(SplittableRandom random) {
    double u1 = random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  }
}
