package org.flexcode.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@link DataPlane}'s B, R and J fitted on the bench's data-plane runs (experiment {@code
 * scale}, local[2], a dense d-vector per task, d = 65,536): the same contenders measured with every
 * result sent to the driver (the driver path) and with results above 256 KiB held on the executors
 * (the executor path). Local mode has one executor, inside the driver's JVM, and no network: B is
 * what receiving a result costs that JVM per byte (serialization, copies, collection), not a link's
 * rate.
 *
 * <p>The closed form, in order:
 *
 * <ol>
 *   <li>R, from the driver path's own merge timings (the engine's decode, n x d entries added):
 *       least squares through the origin, R = sum(x^2) / sum(x t), x = n x d, t = the decode time.
 *   <li>B and J, from the iteration times of the fit contender ({@link #FIT_CONTENDER}) on both
 *       paths. With one executor (M = 1) and the executors' adds at R, the model's difference
 *       between the paths is driverPath(n) - executorPath(n, 1) = (n - 1) x d x 8 / B - d / R - J,
 *       so y = measured difference + d / R is a line in x = (n - 1) x d x 8 with slope 1 / B and
 *       intercept -J: ordinary least squares (exact for two n).
 * </ol>
 *
 * <p>Validation: a row left out of the fit ({@link #HELD_OUT}, another contender): its driver-path
 * iteration predicted as its measured executor-path iteration + the model's difference, against its
 * measured driver-path iteration. {@link #format} prints that error and every other row's.
 */
public final class DataPlaneFit {

  /** One contender's mean iteration, ms, at n tasks, measured on both paths. */
  public record IterationPair(
      String contender, int tasks, double driverPathMs, double executorPathMs) {}

  /** The driver's measured merge (decode) time, ms per iteration, at n tasks on the driver path. */
  public record MergeTiming(int tasks, double ms) {}

  /** The vector's dimension in the measured runs. */
  public static final int DIMENSION = 65_536;

  /** The contender whose two paths fit B and J: one result per task, no choice, no code. */
  public static final String FIT_CONTENDER = "bsp";

  /** The largest relative error the held-out row may show. */
  public static final double TOLERANCE = 0.15;

  /**
   * {@code bsp}'s driver merge+decode on the driver path, d = 65,536
   * (docs/archive/BENCHMARKS-journal.md, 2026-12-06, "The data plane: bytes to the driver").
   */
  public static final List<MergeTiming> DRIVER_MERGES =
      List.of(new MergeTiming(16, 0.90), new MergeTiming(64, 3.92));

  /**
   * Mean iteration ms of each contender on both paths, d = 65,536 (docs/BENCHMARKS.md, section
   * What-if accuracy).
   */
  public static final List<IterationPair> MEASURED =
      List.of(
          new IterationPair("bsp", 16, 95.5, 87.3),
          new IterationPair("steal", 16, 157.8, 165.8),
          new IterationPair("auto:exact=true", 16, 225.9, 156.8),
          new IterationPair("cyclic:s=1", 16, 93.2, 92.1),
          new IterationPair("bsp", 64, 196.8, 144.2),
          new IterationPair("steal", 64, 368.1, 333.0),
          new IterationPair("auto:exact=true", 64, 619.1, 313.9),
          new IterationPair("cyclic:s=1", 64, 306.4, 159.8));

  /** The row left out of the fit and validated: {@code steal}, n = 64 (the most bytes). */
  public static final IterationPair HELD_OUT = MEASURED.get(5);

  private final DataPlane local;
  private final int dimension;

  private DataPlaneFit(DataPlane local, int dimension) {
    this.local = local;
    this.dimension = dimension;
  }

  /** The fit on the measured rows ({@link #DRIVER_MERGES}, {@link #FIT_CONTENDER}'s pairs). */
  public static DataPlaneFit measured() {
    List<IterationPair> fitRows = new ArrayList<>();
    for (IterationPair p : MEASURED) {
      if (p.contender().equals(FIT_CONTENDER)) {
        fitRows.add(p);
      }
    }
    return fit(DRIVER_MERGES, fitRows, DIMENSION);
  }

  /**
   * Fits R on {@code merges} and B, J on {@code pairs} (at least two distinct n) at {@code
   * dimension}; see the class comment.
   */
  public static DataPlaneFit fit(
      List<MergeTiming> merges, List<IterationPair> pairs, int dimension) {
    Checks.check(!merges.isEmpty(), "data plane fit: no merge timing");
    double sxx = 0;
    double sxt = 0;
    for (MergeTiming m : merges) {
      double x = (double) m.tasks() * dimension;
      sxx += x * x;
      sxt += x * m.ms() / 1000.0;
    }
    double entriesPerSecond = sxx / sxt;
    double addOneMs = 1000.0 * dimension / entriesPerSecond;
    int k = pairs.size();
    double[] x = new double[k];
    double[] y = new double[k];
    for (int i = 0; i < k; i++) {
      IterationPair p = pairs.get(i);
      x[i] = (p.tasks() - 1) * (double) dimension * DataPlane.BYTES_PER_ENTRY;
      y[i] = (p.driverPathMs() - p.executorPathMs() + addOneMs) / 1000.0;
    }
    double[] line = leastSquaresLine(x, y);
    double bytesPerSecond = 1.0 / line[0];
    double combineMs = -1000.0 * line[1];
    DataPlane plane =
        new DataPlane(
            bytesPerSecond, entriesPerSecond, combineMs, bytesPerSecond, entriesPerSecond);
    return new DataPlaneFit(plane, dimension);
  }

  /** The fitted data plane of the measured JVM (its link rate is B: there is no network). */
  public DataPlane local() {
    return local;
  }

  /** The model's driver-path iteration for {@code p}: its executor-path one + the difference. */
  public double predictedDriverPathMs(IterationPair p) {
    return p.executorPathMs()
        + local.driverPathMs(p.tasks(), dimension)
        - local.executorPathMs(p.tasks(), 1, dimension);
  }

  /** predicted / measured - 1 for {@code p}'s driver-path iteration. */
  public double error(IterationPair p) {
    return predictedDriverPathMs(p) / p.driverPathMs() - 1.0;
  }

  /** Whether the held-out row is within {@link #TOLERANCE}. */
  public boolean validates() {
    return Math.abs(error(HELD_OUT)) <= TOLERANCE;
  }

  /** The fitted constants, the held-out row's error and a table of every measured row. */
  public String format() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Fitted on local[2], d = %d: B = %.0f MB/s (receiving a result, per byte), R = %.3g"
                + " entries/s (driver merge), J = %.1f ms (executor path, fixed net)%n%n",
            dimension,
            local.driverBytesPerSecond() / 1e6,
            local.driverEntriesPerSecond(),
            local.combineJobMs()));
    out.append(
        String.format(
            Locale.ROOT,
            "Held out: %s, n = %d: predicted %.1f ms, measured %.1f ms, error %+.1f%% (%s %.0f%%)"
                + "%n%n",
            HELD_OUT.contender(),
            HELD_OUT.tasks(),
            predictedDriverPathMs(HELD_OUT),
            HELD_OUT.driverPathMs(),
            100 * error(HELD_OUT),
            validates() ? "within" : "NOT within",
            100 * TOLERANCE));
    out.append("| contender | n | role | executor path ms | driver path ms | predicted ms |")
        .append(" error |\n|---|---|---|---|---|---|---|\n");
    for (IterationPair p : MEASURED) {
      String role =
          p.contender().equals(FIT_CONTENDER) ? "fit" : p == HELD_OUT ? "held out" : "other";
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %.1f | %.1f | %.1f | %+.1f%% |%n",
              p.contender(),
              p.tasks(),
              role,
              p.executorPathMs(),
              p.driverPathMs(),
              predictedDriverPathMs(p),
              100 * error(p)));
    }
    return out.toString();
  }

  /** Ordinary least squares y = slope x + intercept: {slope, intercept}. */
  private static double[] leastSquaresLine(double[] x, double[] y) {
    Checks.check(x.length >= 2, "data plane fit: need at least two rows, got " + x.length);
    double mx = 0;
    double my = 0;
    for (int i = 0; i < x.length; i++) {
      mx += x[i] / x.length;
      my += y[i] / x.length;
    }
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < x.length; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
    }
    Checks.check(sxx > 0, "data plane fit: the rows need at least two distinct n");
    double slope = sxy / sxx;
    return new double[] {slope, my - slope * mx};
  }
}
