package org.flexcode.ml;

import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.StragglerReport;
import org.flexcode.metrics.StragglerTally;
import org.flexcode.optim.IterationListener;

/**
 * The params every FlexCode Estimator takes, with the same names, defaults (the {@code
 * spark.flexcode.<name>} keys of the active session when the Estimator is created, so a saved
 * Estimator records the resolved values), validation and persistence: {@code strategy} (default
 * auto:exact=true), {@code stragglerTolerance} (s, default 1), {@code ignoreCount} (b, default 1),
 * {@code shadowTasks} (m, default 1), {@code shadowFraction} (f, default 0.1), {@code
 * shadowSelector} (entropy or random), {@code shadowLate} (0, or X >= 1 for late shadows), {@code
 * solver} (auto, lbfgs, gd), {@code stepSize} (of gd) and {@code numTasks} (0: one task per
 * executor core).
 *
 * <p>How they name the strategy ({@link #aggregationStrategy()}): a bare name such as {@code frc}
 * takes its parameters from the params (s from stragglerTolerance, b from ignoreCount, m, f,
 * selector and late from the shadow params); params the named strategy does not take are ignored. A
 * full spec such as {@code shadow:m=1,f=0.1,late=1.5} is used as given, keys it leaves out taking
 * the spec grammar's defaults; setting a shadow param alongside a full spec is an error naming both
 * (either could be meant), while stragglerTolerance and ignoreCount are ignored beside one.
 *
 * <p>Beside the params, every FlexCode Estimator reports on its last fit the same way: {@link
 * #lastTrainingReport()} and {@link #lastStragglerReport()}.
 *
 * @param <T> the Estimator's own type, which the setters return
 */
public interface FlexCodeParams<T extends FlexCodeParams<T>> extends Params {

  /** This Estimator's param objects (not a param itself), created on first use. */
  FlexCodeParamSet flexCodeParams();

  /** The strategy: a name or a full spec. */
  default Param<String> strategy() {
    return flexCodeParams().strategy;
  }

  /** Stragglers s tolerated by a named frc, cyclic or hybrid strategy. */
  default IntParam stragglerTolerance() {
    return flexCodeParams().stragglerTolerance;
  }

  /** Slowest tasks b that a named ignore strategy drops. */
  default IntParam ignoreCount() {
    return flexCodeParams().ignoreCount;
  }

  /** Shadow tasks m of a named shadow or hybrid strategy. */
  default IntParam shadowTasks() {
    return flexCodeParams().shadowTasks;
  }

  /** Fraction f of each block's records a shadow holds. */
  default DoubleParam shadowFraction() {
    return flexCodeParams().shadowFraction;
  }

  /** How shadows pick their subsets: entropy or random. */
  default Param<String> shadowSelector() {
    return flexCodeParams().shadowSelector;
  }

  /** 0, or X >= 1: shadows launched once a primary has run X times the median. */
  default DoubleParam shadowLate() {
    return flexCodeParams().shadowLate;
  }

  /** auto, lbfgs or gd. */
  default Param<String> solver() {
    return flexCodeParams().solver;
  }

  /** The step of the gd solver. */
  default DoubleParam stepSize() {
    return flexCodeParams().stepSize;
  }

  /** Primary tasks; 0: one per executor core of the cluster (at least s + 2, at most records). */
  default IntParam numTasks() {
    return flexCodeParams().numTasks;
  }

  /** Sets {@link #numTasks()}. */
  default T setNumTasks(int value) {
    set(numTasks(), value);
    return self();
  }

  /** The primary tasks asked for; 0: one per executor core. */
  default int getNumTasks() {
    return (Integer) $(numTasks());
  }

  /**
   * The engine options of a fit on {@code session}: its {@code spark.flexcode.*} keys, with the
   * task count of {@link #numTasks()} (explicit param, then the session's key, then one task per
   * executor core).
   */
  default AggregatorOptions aggregatorOptions(SparkSession session) {
    AggregatorOptions options = AggregatorOptions.fromSession(session);
    int n = getNumTasks();
    if (n == 0) {
      n = options.numTasks() > 0 ? options.numTasks() : AggregatorOptions.TASKS_FROM_CLUSTER;
    }
    return options.withNumTasks(n);
  }

  /** Sets {@link #strategy()} (lower-cased). */
  default T setStrategy(String value) {
    set(strategy(), value.toLowerCase(Locale.ROOT));
    return self();
  }

  /** Sets {@link #stragglerTolerance()}. */
  default T setStragglerTolerance(int value) {
    set(stragglerTolerance(), value);
    return self();
  }

  /** Sets {@link #ignoreCount()}. */
  default T setIgnoreCount(int value) {
    set(ignoreCount(), value);
    return self();
  }

  /** Sets {@link #shadowTasks()}. */
  default T setShadowTasks(int value) {
    set(shadowTasks(), value);
    return self();
  }

  /** Sets {@link #shadowFraction()}. */
  default T setShadowFraction(double value) {
    set(shadowFraction(), value);
    return self();
  }

  /** Sets {@link #shadowSelector()} (lower-cased). */
  default T setShadowSelector(String value) {
    set(shadowSelector(), value.toLowerCase(Locale.ROOT));
    return self();
  }

  /** Sets {@link #shadowLate()}. */
  default T setShadowLate(double value) {
    set(shadowLate(), value);
    return self();
  }

  /** Sets {@link #solver()} (lower-cased). */
  default T setSolver(String value) {
    set(solver(), value.toLowerCase(Locale.ROOT));
    return self();
  }

  /** Sets {@link #stepSize()}. */
  default T setStepSize(double value) {
    set(stepSize(), value);
    return self();
  }

  /** The strategy name or spec. */
  default String getStrategy() {
    return $(strategy());
  }

  /** s of a named frc, cyclic or hybrid strategy. */
  default int getStragglerTolerance() {
    return (Integer) $(stragglerTolerance());
  }

  /** b of a named ignore strategy. */
  default int getIgnoreCount() {
    return (Integer) $(ignoreCount());
  }

  /** m of a named shadow or hybrid strategy. */
  default int getShadowTasks() {
    return (Integer) $(shadowTasks());
  }

  /** f of a named shadow or hybrid strategy. */
  default double getShadowFraction() {
    return (Double) $(shadowFraction());
  }

  /** The selector of a named shadow or hybrid strategy. */
  default String getShadowSelector() {
    return $(shadowSelector());
  }

  /** The late multiplier of a named shadow or hybrid strategy. */
  default double getShadowLate() {
    return (Double) $(shadowLate());
  }

  /** auto, lbfgs or gd. */
  default String getSolver() {
    return $(solver());
  }

  /** The step of the gd solver. */
  default double getStepSize() {
    return (Double) $(stepSize());
  }

  /**
   * Called on the driver after every aggregation during {@code fit} with the objective there
   * (progress lines, reports); not a param, neither saved nor copied.
   */
  default T setIterationListener(IterationListener listener) {
    flexCodeParams().listener = listener;
    return self();
  }

  /** The listener {@code fit} calls: the one set, else one that does nothing. */
  default IterationListener iterationListener() {
    IterationListener listener = flexCodeParams().listener;
    return listener != null ? listener : (iteration, loss, record) -> {};
  }

  /**
   * FlexCode's per-iteration records of this Estimator's last {@code fit} (empty before one), one
   * per aggregation; the returned model's {@code summary}, where it has one, stays Spark's.
   */
  default List<IterationRecord> lastTrainingReport() {
    List<IterationRecord> report = flexCodeParams().lastTrainingReport;
    return report == null ? List.of() : report;
  }

  /**
   * The straggler report of this Estimator's last {@code fit}, made from {@link
   * #lastTrainingReport()} (the last {@code spark.flexcode.history} records): which executors
   * straggled, what FlexCode did about it, and the time {@code bsp} would have taken.
   */
  default StragglerReport lastStragglerReport() {
    return StragglerTally.of(lastTrainingReport());
  }

  /** The strategy these params describe (see the rule in this interface's Javadoc). */
  default AggregationStrategy aggregationStrategy() {
    return StrategyResolver.strategy(this);
  }

  /**
   * Whether a fit with {@code strategy}, these params' own as {@link #aggregationStrategy()}
   * resolved it, runs gradient descent rather than L-BFGS (solver gd, or auto with an approximate
   * strategy); solver lbfgs with an approximate strategy is an error.
   */
  default boolean gradientDescentFor(AggregationStrategy strategy) {
    return StrategyResolver.gradientDescent(this, strategy);
  }

  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
