package org.flexcode.ml;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.ml.param.Param;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import scala.runtime.AbstractFunction1;

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

  /**
   * The strategy a {@code strategy} param names: {@code bsp}, {@code ignore} (b), {@code frc} or
   * {@code cyclic} (s), {@code shadow} (m=1, f=0.1), {@code hybrid} (s, m=1, f=0.1), or a full spec
   * such as {@code shadow:m=2,f=0.05,late=1.5} ({@link AggregationStrategy#parse}).
   */
  static AggregationStrategy strategy(String name, int stragglerTolerance, int ignoreCount) {
    if (name.contains(":")) {
      return AggregationStrategy.parse(name);
    }
    return switch (name) {
      case "ignore" -> AggregationStrategy.ignore(ignoreCount);
      case "frc" -> AggregationStrategy.frc(stragglerTolerance);
      case "cyclic" -> AggregationStrategy.cyclic(stragglerTolerance);
      case "shadow" -> AggregationStrategy.parse("shadow"); // the spec's defaults: m=1, f=0.1
      case "hybrid" -> AggregationStrategy.parse("hybrid:s=" + stragglerTolerance);
      default -> AggregationStrategy.bsp();
    };
  }

  /**
   * A {@code strategy} param's validator: one of {@code names}, or, if {@code specs}, any full spec
   * {@link AggregationStrategy#parse} accepts (with a ':').
   */
  static final class StrategyValidator extends AbstractFunction1<String, Object>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final List<String> names;
    private final boolean specs;

    StrategyValidator(List<String> names, boolean specs) {
      this.names = List.copyOf(names);
      this.specs = specs;
    }

    @Override
    public Object apply(String value) {
      if (value == null) {
        return false;
      }
      if (names.contains(value)) {
        return true;
      }
      if (!specs || !value.contains(":")) {
        return false;
      }
      try {
        AggregationStrategy.parse(value);
        return true;
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
  }
}
