package org.flexcode.ml;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.optim.IterationListener;
import scala.runtime.AbstractFunction1;

/**
 * The {@link Param} objects of one Estimator's {@link FlexCodeParams}, created once its uid is set
 * (on first use), with their names, docs and validators, and the defaults every Estimator takes
 * from the {@code spark.flexcode.<name>} keys of the active session; beside them the Estimator's
 * iteration listener and the records of its last fit, which are no params (neither saved nor
 * copied).
 */
public final class FlexCodeParamSet implements Serializable {

  private static final long serialVersionUID = 1L;
  private static final List<String> SELECTORS = List.of("entropy", "random");
  private static final List<String> SOLVERS = List.of("auto", "lbfgs", "gd");

  final Param<String> strategy;
  final IntParam stragglerTolerance;
  final IntParam ignoreCount;
  final IntParam shadowTasks;
  final DoubleParam shadowFraction;
  final Param<String> shadowSelector;
  final DoubleParam shadowLate;
  final Param<String> solver;
  final DoubleParam stepSize;
  final IntParam numTasks;
  transient IterationListener listener;
  transient List<IterationRecord> lastTrainingReport;

  /** The params of {@code owner}, whose uid must be set. */
  FlexCodeParamSet(Params owner) {
    strategy =
        new Param<>(
            owner,
            "strategy",
            "how results are aggregated: a name (bsp, ignore, frc, cyclic, shadow, hybrid) that"
                + " takes the tolerance, ignore and shadow params, or a full spec used as given,"
                + " such as shadow:m=1,f=0.1,late=1.5",
            new SpecValidator());
    stragglerTolerance =
        new IntParam(
            owner,
            "stragglerTolerance",
            "stragglers s tolerated by frc, cyclic and hybrid (each block has s+1 copies)",
            ParamValidators.gtEq(0));
    ignoreCount =
        new IntParam(
            owner, "ignoreCount", "slowest tasks b that ignore drops", ParamValidators.gtEq(0));
    shadowTasks =
        new IntParam(
            owner,
            "shadowTasks",
            "shadow tasks m of shadow and hybrid (each stands in for stragglers of its group)",
            ParamValidators.gtEq(1));
    shadowFraction =
        new DoubleParam(
            owner,
            "shadowFraction",
            "fraction f of each block's records a shadow holds, in (0, 1]",
            ParamValidators.inRange(0.0, 1.0, false, true));
    shadowSelector =
        new Param<>(
            owner,
            "shadowSelector",
            "how shadows pick their subsets: entropy (maximal joint entropy) or random",
            ParamValidators.inArray(SELECTORS));
    shadowLate =
        new DoubleParam(
            owner,
            "shadowLate",
            "0: shadows run with the primaries every iteration; X >= 1: they are launched only"
                + " once a primary has run X times the median of the finished ones",
            ParamValidators.gtEq(0.0));
    solver =
        new Param<>(
            owner,
            "solver",
            "auto (L-BFGS for exact strategies, gd for approximate ones), lbfgs or gd",
            ParamValidators.inArray(SOLVERS));
    stepSize =
        new DoubleParam(
            owner,
            "stepSize",
            "step of the gd solver (its scale per Estimator: see the Estimator's Javadoc)",
            ParamValidators.gt(0));
    numTasks =
        new IntParam(
            owner,
            "numTasks",
            "primary tasks the data is laid out over (the input is repartitioned when its"
                + " partition count differs); 0: one per executor core of the cluster, at least"
                + " s + 2 and at most the records",
            ParamValidators.gtEq(0));
  }

  /** {@code existing}, or when null the params of {@code owner}, whose uid must be set. */
  static FlexCodeParamSet ensure(FlexCodeParamSet existing, Params owner) {
    return existing != null ? existing : new FlexCodeParamSet(owner);
  }

  /**
   * Sets the defaults of {@code owner}'s FlexCode params from the active session's {@code
   * spark.flexcode.<name>} keys, each checked like a set value; {@code stepSize} is the Estimator's
   * own fallback for its {@code stepSize}.
   */
  static void setDefaults(FlexCodeParams<?> owner, double stepSize) {
    FlexCodeParamSet p = owner.flexCodeParams();
    owner.setDefault(
        p.strategy,
        SessionDefaults.string(p.strategy, AggregationStrategy.defaultStrategy().spec()));
    owner.setDefault(p.stragglerTolerance, SessionDefaults.integer(p.stragglerTolerance, 1));
    owner.setDefault(p.ignoreCount, SessionDefaults.integer(p.ignoreCount, 1));
    owner.setDefault(p.shadowTasks, SessionDefaults.integer(p.shadowTasks, 1));
    owner.setDefault(p.shadowFraction, SessionDefaults.number(p.shadowFraction, 0.1));
    owner.setDefault(p.shadowSelector, SessionDefaults.string(p.shadowSelector, "entropy"));
    owner.setDefault(p.shadowLate, SessionDefaults.number(p.shadowLate, 0.0));
    owner.setDefault(p.solver, SessionDefaults.string(p.solver, "auto"));
    owner.setDefault(p.stepSize, SessionDefaults.number(p.stepSize, stepSize));
    owner.setDefault(p.numTasks, SessionDefaults.integer(p.numTasks, 0));
  }

  /** The params {@link StrategyResolver} refuses beside a full spec. */
  List<Param<?>> shadowParams() {
    return List.of(shadowTasks, shadowFraction, shadowSelector, shadowLate);
  }

  /**
   * The {@code strategy} validator: any name (with the default generic params) or spec that core's
   * entry point {@link AggregationStrategy#resolve} accepts.
   */
  static final class SpecValidator extends AbstractFunction1<String, Object>
      implements Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Object apply(String value) {
      if (value == null) {
        return false;
      }
      try {
        AggregationStrategy.resolve(value, StrategyParams.DEFAULTS);
        return true;
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
  }
}
