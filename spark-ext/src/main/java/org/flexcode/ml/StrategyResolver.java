package org.flexcode.ml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.param.Param;
import org.flexcode.aggregation.AggregationStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where {@link FlexCodeParams} become an {@link AggregationStrategy} and a solver
 * choice. A bare name is parsed for the keys its spec takes (its {@link AggregationStrategy#spec()}
 * at the grammar's defaults, plus {@code selector} and {@code late} when it has {@link
 * AggregationStrategy#shadows()}), whose values then come from the params, and the spec so written
 * is parsed again; a full spec is parsed as given, and refused beside a set shadow param.
 */
final class StrategyResolver {

  private static final Logger LOG = LoggerFactory.getLogger(StrategyResolver.class);

  private StrategyResolver() {}

  /** The strategy {@code params} describe. */
  static AggregationStrategy strategy(FlexCodeParams<?> params) {
    String value = params.getStrategy().trim();
    AggregationStrategy named = AggregationStrategy.parse(value);
    if (value.contains(":")) {
      rejectShadowParams(params, value);
      return named;
    }
    Map<String, String> fromParams = keyedValues(params);
    List<String> pairs = new ArrayList<>();
    for (Map.Entry<String, String> key : keysOf(named).entrySet()) {
      pairs.add(key.getKey() + "=" + fromParams.getOrDefault(key.getKey(), key.getValue()));
    }
    return pairs.isEmpty()
        ? named
        : AggregationStrategy.parse(value + ":" + String.join(",", pairs));
  }

  /**
   * Whether {@code params} fit with gradient descent rather than L-BFGS: solver gd, or auto with an
   * approximate strategy; solver lbfgs with an approximate strategy is an error.
   */
  static boolean gradientDescent(FlexCodeParams<?> params) {
    AggregationStrategy strategy = params.aggregationStrategy();
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
  static <S> S solver(FlexCodeParams<?> params, S gradientDescent, S lbfgs) {
    return gradientDescent(params) ? gradientDescent : lbfgs;
  }

  /** Logs a notice when solver auto picks gradient descent for an approximate strategy. */
  static void noteAutoChoice(FlexCodeParams<?> params) {
    AggregationStrategy strategy = params.aggregationStrategy();
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

  /**
   * The spec keys {@code named} takes with its own values: those of its spec, and selector and late
   * when it has shadows.
   */
  private static Map<String, String> keysOf(AggregationStrategy named) {
    Map<String, String> keys = new LinkedHashMap<>();
    String spec = named.spec();
    if (spec.contains(":")) {
      for (String pair : spec.substring(spec.indexOf(':') + 1).split(",")) {
        keys.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
      }
    }
    if (named.shadows().count() > 0) {
      keys.putIfAbsent("selector", String.valueOf(named.shadows().selector()));
      keys.putIfAbsent("late", Double.toString(named.shadows().lateMultiplier()));
    }
    return keys;
  }

  /** The params' value of each spec key. */
  private static Map<String, String> keyedValues(FlexCodeParams<?> params) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("s", Integer.toString(params.getStragglerTolerance()));
    values.put("b", Integer.toString(params.getIgnoreCount()));
    values.put("m", Integer.toString(params.getShadowTasks()));
    values.put("f", Double.toString(params.getShadowFraction()));
    values.put("selector", params.getShadowSelector());
    values.put("late", Double.toString(params.getShadowLate()));
    return values;
  }
}
