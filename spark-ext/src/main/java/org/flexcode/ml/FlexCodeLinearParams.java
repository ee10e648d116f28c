package org.flexcode.ml;

import org.flexcode.optim.LinearModelTrainer;

/**
 * The {@link FlexCodeParams} of the linear Estimators ({@link FlexCodeLogisticRegression}, {@link
 * FlexCodeLinearSVC}, {@link FlexCodeLinearRegression}), whose fit runs {@link LinearModelTrainer}
 * with the solver the params pick for their strategy.
 *
 * @param <T> the Estimator's own type, which the setters return
 */
public interface FlexCodeLinearParams<T extends FlexCodeLinearParams<T>> extends FlexCodeParams<T> {

  /** The solver that {@code fit} will use. */
  default LinearModelTrainer.Solver resolvedSolver() {
    return LinearFit.solver(this, aggregationStrategy());
  }
}
