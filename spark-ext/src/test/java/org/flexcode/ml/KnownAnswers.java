package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.metrics.Errors;

/**
 * The known-answer check of the linear Estimators: ours within 1e-6 relative of Spark's, with a
 * named strategy or with {@link #DEFAULT}, the strategy an Estimator runs when none is set.
 */
final class KnownAnswers {

  /** Stands for "no strategy set": the Estimator's default. */
  static final String DEFAULT = "the default";

  private KnownAnswers() {}

  /** {@code estimator} with {@code strategy} set, or left at its default for {@link #DEFAULT}. */
  static <T extends FlexCodeParams<T>> T withStrategy(T estimator, String strategy) {
    return strategy.equals(DEFAULT) ? estimator : estimator.setStrategy(strategy);
  }

  /** Asserts coefficients and intercept of {@code strategy}'s fit are within 1e-6 of Spark's. */
  static void assertMatches(
      String strategy,
      double[] coefficients,
      double intercept,
      double[] sparkCoefficients,
      double sparkIntercept) {
    double difference = Errors.relative(coefficients, sparkCoefficients);
    assertTrue(difference <= 1e-6, strategy + ": coefficients differ by " + difference);
    double interceptDifference =
        Errors.relative(new double[] {intercept}, new double[] {sparkIntercept});
    assertTrue(
        interceptDifference <= 1e-6,
        strategy + ": intercept " + intercept + " vs Spark's " + sparkIntercept);
  }
}
