package org.flexcode.ml;

import org.apache.spark.ml.param.Param;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyParams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where {@link FlexCodeParams} become an {@link AggregationStrategy} and a solver choice: the
 * {@code strategy} param and the generic params go to core's one entry point ({@link
 * AggregationStrategy#resolve}), once per fit; the strategy so resolved is what the solver choice,
 * the notice and the trainer receive. A full spec beside a set shadow param is refused.
 */
final class StrategyResolver {

  private static final Logger LOG = LoggerFactory.getLogger(StrategyResolver.class);

  private StrategyResolver() {}

  /**
   * The strategy {@code params} describe.
   *
   * @throws IllegalArgumentException in one line naming the strategy param, the generic params a
   *     bare name took, and the problem
   */
  static AggregationStrategy strategy(FlexCodeParams<?> params) {
    String value = params.getStrategy().trim();
    boolean fullSpec = value.contains(":");
    if (fullSpec) {
      rejectShadowParams(params, value);
    }
    StrategyParams generic = genericParams(params);
    try {
      return AggregationStrategy.resolve(value, generic);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "strategy = '"
              + value
              + "'"
              + (fullSpec ? "" : " with " + describe(params, generic))
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** The generic params of {@code params}, as core's entry point takes them. */
  static StrategyParams genericParams(FlexCodeParams<?> params) {
    return new StrategyParams(
        params.getStragglerTolerance(),
        params.getIgnoreCount(),
        params.getShadowTasks(),
        params.getShadowFraction(),
        params.getShadowSelector(),
        params.getShadowLate());
  }

  private static String describe(FlexCodeParams<?> params, StrategyParams generic) {
    FlexCodeParamSet p = params.flexCodeParams();
    return p.stragglerTolerance.name()
        + " = "
        + generic.tolerance()
        + ", "
        + p.ignoreCount.name()
        + " = "
        + generic.ignored()
        + ", "
        + p.shadowTasks.name()
        + " = "
        + generic.shadowTasks()
        + ", "
        + p.shadowFraction.name()
        + " = "
        + generic.shadowFraction()
        + ", "
        + p.shadowSelector.name()
        + " = "
        + generic.selector()
        + ", "
        + p.shadowLate.name()
        + " = "
        + generic.shadowLate();
  }

  /**
   * Whether {@code params} fit {@code strategy} with gradient descent rather than L-BFGS: solver
   * gd, or auto with an approximate strategy; solver lbfgs with an approximate strategy is an
   * error.
   */
  static boolean gradientDescent(FlexCodeParams<?> params, AggregationStrategy strategy) {
    String solver = solverName(params);
    if (solver.equals("lbfgs") && !strategy.isExact()) {
      throw new IllegalArgumentException(
          "solver=lbfgs needs an exact strategy, but "
              + strategy.describe()
              + " is approximate; use solver=gd or auto");
    }
    return solver.equals("gd") || (solver.equals("auto") && !strategy.isExact());
  }

  /** The solver param's value, with LinearRegression's {@code l-bfgs} read as {@code lbfgs}. */
  private static String solverName(FlexCodeParams<?> params) {
    String solver = params.getSolver();
    return solver.equals("l-bfgs") ? "lbfgs" : solver;
  }

  /** {@code gradientDescent} or {@code lbfgs}, as {@link #gradientDescent} decides. */
  static <S> S solver(
      FlexCodeParams<?> params, AggregationStrategy strategy, S gradientDescent, S lbfgs) {
    return gradientDescent(params, strategy) ? gradientDescent : lbfgs;
  }

  /** Logs a notice when solver auto picks gradient descent for an approximate strategy. */
  static void noteAutoChoice(FlexCodeParams<?> params, AggregationStrategy strategy) {
    if (params.getSolver().equals("auto") && !strategy.isExact()) {
      LOG.info(
          "FlexCode: {} gives inexact gradients; solver auto picks gradient descent (gd)",
          strategy.describe());
    }
  }

  /** Refuses a solver other than auto for an Estimator whose training has no solver choice. */
  static void requireAutoSolver(FlexCodeParams<?> params, String why) {
    if (!params.getSolver().equals("auto")) {
      throw new IllegalArgumentException(
          "solver must be auto here, got '" + params.getSolver() + "': " + why);
    }
  }

  private static void rejectShadowParams(FlexCodeParams<?> params, String spec) {
    for (Param<?> shadow : params.flexCodeParams().shadowParams()) {
      if (params.isSet(shadow)) {
        throw new IllegalArgumentException(
            shadow.name()
                + " = "
                + params.getOrDefault(shadow)
                + " is set alongside the full strategy spec '"
                + spec
                + "'; put the value into the spec, or give the strategy as a bare name");
      }
    }
  }
}
