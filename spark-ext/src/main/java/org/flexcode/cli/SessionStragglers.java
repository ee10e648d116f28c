package org.flexcode.cli;

import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.stragglers.StragglerPattern;

/**
 * The jobs' {@code --stragglers SPEC} option: sets {@code spark.flexcode.stragglers} on the session
 * (which the Estimators read when they fit), or clears it when the option is absent.
 */
final class SessionStragglers {

  private SessionStragglers() {}

  /** Applies the option of {@code args} to {@code spark}; fails early on a bad pattern. */
  static void apply(Args args, SparkSession spark) {
    String key = AggregatorOptions.PREFIX + "stragglers";
    if (args.has("stragglers")) {
      String pattern = args.string("stragglers", "");
      try {
        StragglerPattern.parse(pattern);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--stragglers " + pattern + ": " + e.getMessage(), e);
      }
      spark.conf().set(key, pattern);
    } else {
      spark.conf().unset(key);
    }
  }
}
