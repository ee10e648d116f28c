package org.flexcode.ml;

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.spark.internal.SparkInternals;

/**
 * The Estimators' param defaults from the {@code spark.flexcode.<name>} keys of the active session
 * (or the given fallback), each checked by its param's validator like a set value.
 */
final class SessionDefaults {

  private SessionDefaults() {}

  /** The string default of {@code param}. */
  static String string(Param<String> param, String fallback) {
    return checked(param, raw(param.name(), fallback));
  }

  /** The integer default of {@code param}. */
  static int integer(IntParam param, int fallback) {
    String v = raw(param.name(), Integer.toString(fallback));
    try {
      return checked(param, Integer.parseInt(v.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX + param.name() + " must be an integer, got '" + v + "'", e);
    }
  }

  /** The number default of {@code param}. */
  static double number(DoubleParam param, double fallback) {
    String v = raw(param.name(), Double.toString(fallback));
    try {
      return checked(param, Double.parseDouble(v.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX + param.name() + " must be a number, got '" + v + "'", e);
    }
  }

  /** {@code value}, once {@code param}'s validator accepts it; else an error naming the key. */
  private static <T> T checked(Param<? super T> param, T value) {
    @SuppressWarnings("unchecked")
    Param<Object> untyped = (Param<Object>) param;
    if (!(Boolean) untyped.isValid().apply(value)) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX
              + param.name()
              + " = '"
              + value
              + "' is not valid: "
              + param.doc());
    }
    return value;
  }

  /**
   * The key's value in the live session ({@link SparkInternals#liveSession}), or {@code fallback}.
   */
  private static String raw(String name, String fallback) {
    return SparkInternals.liveSession()
        .map(session -> session.conf().get(AggregatorOptions.PREFIX + name, fallback))
        .orElse(fallback);
  }
}
