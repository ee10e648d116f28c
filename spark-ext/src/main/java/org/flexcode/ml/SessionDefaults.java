package org.flexcode.ml;

import org.apache.spark.ml.param.Param;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;

/**
 * The Estimators' param defaults from the {@code spark.flexcode.<name>} keys of the active session,
 * each checked by its param's validator like a set value, and the strategy their params name.
 */
final class SessionDefaults {

  private SessionDefaults() {}

  /** {@code value}, once {@code param}'s validator accepts it; else an error naming the key. */
  static <T> T checked(Param<T> param, T value) {
    if (!(Boolean) param.isValid().apply(value)) {
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

  /** The key's value in the active session, or {@code fallback}. */
  static String string(String name, String fallback) {
    return SparkSession.getActiveSession().isDefined()
        ? SparkSession.getActiveSession()
            .get()
            .conf()
            .get(AggregatorOptions.PREFIX + name, fallback)
        : fallback;
  }

  static int integer(String name, int fallback) {
    String v = string(name, Integer.toString(fallback));
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX + name + " must be an integer, got '" + v + "'", e);
    }
  }

  static double number(String name, double fallback) {
    String v = string(name, Double.toString(fallback));
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          AggregatorOptions.PREFIX + name + " must be a number, got '" + v + "'", e);
    }
  }

  /** The strategy {@code bsp}, {@code ignore} (b), {@code frc} or {@code cyclic} (s) names. */
  static AggregationStrategy strategy(String name, int stragglerTolerance, int ignoreCount) {
    return switch (name) {
      case "ignore" -> AggregationStrategy.ignore(ignoreCount);
      case "frc" -> AggregationStrategy.frc(stragglerTolerance);
      case "cyclic" -> AggregationStrategy.cyclic(stragglerTolerance);
      default -> AggregationStrategy.bsp();
    };
  }
}
