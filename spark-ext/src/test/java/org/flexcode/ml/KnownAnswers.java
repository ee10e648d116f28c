package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.metrics.Errors;

/** The known-answer check of the linear Estimators: ours within 1e-6 relative of Spark's. */
final class KnownAnswers {

  private KnownAnswers() {}

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
