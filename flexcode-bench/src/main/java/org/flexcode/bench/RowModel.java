package org.flexcode.bench;

import java.util.Locale;
import org.flexcode.model.Cluster;
import org.flexcode.model.IterationModel;
import org.flexcode.model.MachineDelays;
import org.flexcode.model.ModelSummary;
import org.flexcode.model.Rule;
import org.flexcode.stragglers.StragglerPattern;

/**
 * A bench row as the model runs it: the rule of its strategy ({@code mllib} is bsp under MLlib's
 * own calibrated costs; the FlexCode names and specs parse as {@link Rule} specs, engine-only
 * options ignored) under its pattern ({@link MachineDelays}, machine level). Rows the model has no
 * rule for ({@code mllib+speculation*}, {@code mllib-tuned}, {@code hybrid}, patterns such as
 * {@code disrupted-machine}) get a note instead of a figure.
 */
final class RowModel {

  /** Monte Carlo iterations per row. */
  static final int ITERATIONS = 2_000;

  private final CostCalibration calibration;
  private final BenchShape shape;
  private final long seed;

  RowModel(CostCalibration calibration, BenchShape shape, long seed) {
    this.calibration = calibration;
    this.shape = shape;
    this.seed = seed;
  }

  /**
   * The model of {@code strategy} under {@code pattern}: a summary, or one with a note (NaN
   * figures) saying why the row has no model value.
   */
  ModelSummary model(String strategy, String pattern) {
    return model(strategy, pattern, ITERATIONS);
  }

  /**
   * The model of {@code strategy} under {@code pattern} on a workload whose gradients spread so.
   */
  ModelSummary model(String strategy, String pattern, double gradientSpread) {
    return model(strategy, pattern, ITERATIONS, false, gradientSpread);
  }

  /** The model of {@code strategy} under {@code pattern} over {@code iterations} iterations. */
  ModelSummary model(String strategy, String pattern, int iterations) {
    return model(strategy, pattern, iterations, false, Double.NaN);
  }

  /**
   * The model of {@code strategy} over the {@code iterations} iterations a bench run drew under
   * {@code pattern}: the injection's own factors replayed ({@link InjectedDraws}), not a fresh
   * sample of the pattern.
   */
  ModelSummary replayed(String strategy, String pattern, int iterations, double gradientSpread) {
    return model(strategy, pattern, Math.max(1, iterations), true, gradientSpread);
  }

  /**
   * The model over {@code iterations}, on the injection's own draws when {@code replay}, for a
   * workload whose workers' gradients spread by {@code gradientSpread} (NaN: unknown, see {@link
   * Cluster#gradientSpread}).
   */
  private ModelSummary model(
      String strategy, String pattern, int iterations, boolean replay, double gradientSpread) {
    try {
      boolean mllib = strategy.equals("mllib");
      if (strategy.startsWith("mllib") && !mllib) {
        throw new IllegalArgumentException(
            strategy + " has no rule in the model (speculation and re-partitioning are Spark's)");
      }
      if (MllibBaseline.of(strategy) == MllibBaseline.SPARK_ALS) {
        throw new IllegalArgumentException(
            strategy + " has no rule in the model (Spark's ALS runs several stages an iteration)");
      }
      Rule rule = mllib ? Rule.bsp() : Rule.parse(strategy);
      MachineDelays delays = MachineDelays.parse(pattern);
      if (replay) {
        delays = new InjectedDraws(StragglerPattern.parse(pattern));
      }
      Cluster cluster = calibration.cluster(shape, mllib).withGradientSpread(gradientSpread);
      IterationModel model = IterationModel.of(cluster, delays);
      return relabel(model.run(rule, iterations, seed), strategy);
    } catch (IllegalArgumentException e) {
      return unsupported(strategy, pattern, e.getMessage());
    }
  }

  /** The limit under {@code pattern}: bsp with no straggler, FlexCode's costs. */
  ModelSummary limit(String pattern) {
    return model("limit", pattern);
  }

  /** {@code s} under the bench's name of its strategy. */
  private static ModelSummary relabel(ModelSummary s, String strategy) {
    return new ModelSummary(
        strategy,
        s.pattern(),
        s.executors(),
        s.cores(),
        s.tasks(),
        s.iterations(),
        s.meanMs(),
        s.p50Ms(),
        s.p95Ms(),
        s.computedTaskSeconds(),
        s.wastedTaskSeconds(),
        s.idleCoreSeconds(),
        s.meanDataShare(),
        s.note());
  }

  private ModelSummary unsupported(String strategy, String pattern, String why) {
    Cluster cluster = Cluster.of(shape.executors(), shape.cores(), 1).withTasks(shape.tasks());
    return ModelSummary.unsupported(strategy, pattern, cluster, "no model: " + why);
  }

  /** A ratio to two decimals, or empty when either side is missing. */
  static String ratio(double measured, double model) {
    return Double.isFinite(measured) && Double.isFinite(model) && model > 0
        ? String.format(Locale.ROOT, "%.2f", measured / model)
        : "";
  }
}
