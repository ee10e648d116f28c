package org.flexcode.ml;

import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.optim.LinearModelTrainer;

/**
 * The fit every linear FlexCode Estimator runs: its FlexCode params become one strategy and a
 * solver ({@link StrategyResolver}), its spark.ml settings a {@link LinearModelTrainer.Config}, and
 * the trainer runs on a {@link TrainingFrame}'s points with the Estimator's iteration listener.
 */
final class LinearFit {

  private LinearFit() {}

  /** The spark.ml settings of a linear Estimator (elasticNetParam 0 where it has none). */
  record Settings(
      int maxIter,
      double tol,
      double regParam,
      double elasticNetParam,
      boolean fitIntercept,
      boolean standardization) {}

  /** The solver {@code estimator}'s params pick for {@code strategy}, the one they resolve to. */
  static LinearModelTrainer.Solver solver(
      FlexCodeLinearParams<?> estimator, AggregationStrategy strategy) {
    return StrategyResolver.solver(
        estimator, strategy, LinearModelTrainer.Solver.GD, LinearModelTrainer.Solver.LBFGS);
  }

  /**
   * Fits {@code problem} on {@code frame} as {@code estimator}'s params say, their strategy
   * resolved once here and handed to the solver choice and the trainer; the fit's records become
   * {@code estimator}'s {@link FlexCodeParams#lastTrainingReport()}.
   */
  static LinearModelTrainer.Fit run(
      FlexCodeLinearParams<?> estimator,
      TrainingFrame frame,
      LinearModelTrainer.Problem problem,
      Settings settings,
      SparkSession session) {
    AggregationStrategy strategy = estimator.aggregationStrategy();
    LinearModelTrainer.Solver solver = solver(estimator, strategy);
    StrategyResolver.noteAutoChoice(estimator, strategy);
    LinearModelTrainer.Config config =
        new LinearModelTrainer.Config(
            settings.maxIter(),
            settings.tol(),
            settings.regParam(),
            settings.elasticNetParam(),
            settings.fitIntercept(),
            settings.standardization(),
            solver,
            estimator.getStepSize(),
            strategy,
            estimator.aggregatorOptions(session));
    LinearModelTrainer.Fit fit =
        LinearModelTrainer.train(frame.points(), problem, config, estimator.iterationListener());
    estimator.flexCodeParams().lastTrainingReport = fit.records();
    return fit;
  }
}
