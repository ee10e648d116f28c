package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/**
 * When an iteration may end, and how the finished tasks' results combine. Strategies are immutable;
 * create them with the factories or {@link #parse(String)}:
 *
 * <ul>
 *   <li>{@code bsp}: wait for all n tasks (what MLlib does);
 *   <li>{@code ignore:b=1}: the fastest n - b tasks, rescaled by all records / records aggregated
 *       (approximate);
 *   <li>{@code frc:s=1}: fractional repetition code, exact, any s stragglers;
 *   <li>{@code cyclic:s=1}: cyclic repetition code, exact, any s stragglers.
 * </ul>
 */
public interface AggregationStrategy {

  /** Bulk-synchronous: every task must finish. */
  static AggregationStrategy bsp() {
    return new Strategies.Bsp();
  }

  /** Backup workers: the fastest n - b tasks, rescaled. */
  static AggregationStrategy ignore(int b) {
    return new Strategies.Ignore(b);
  }

  /** Fractional repetition code tolerating s stragglers. */
  static AggregationStrategy frc(int s) {
    return new Strategies.Coded("frc", s);
  }

  /** Cyclic repetition code tolerating s stragglers. */
  static AggregationStrategy cyclic(int s) {
    return new Strategies.Coded("cyclic", s);
  }

  /**
   * Parses {@code bsp}, {@code ignore:b=B}, {@code frc:s=S} or {@code cyclic:s=S} (the parameter
   * defaults to 1 when omitted).
   */
  static AggregationStrategy parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("strategy spec is empty; expected one of " + KNOWN);
    }
    String trimmed = spec.trim().toLowerCase(Locale.ROOT);
    String name = trimmed.contains(":") ? trimmed.substring(0, trimmed.indexOf(':')) : trimmed;
    String args = trimmed.contains(":") ? trimmed.substring(trimmed.indexOf(':') + 1) : "";
    switch (name) {
      case "bsp":
        if (!args.isEmpty()) {
          throw new IllegalArgumentException(
              "strategy 'bsp' takes no parameters, got '" + spec + "'");
        }
        return bsp();
      case "ignore":
        return ignore(intParameter(spec, args, "b"));
      case "frc":
        return frc(intParameter(spec, args, "s"));
      case "cyclic":
        return cyclic(intParameter(spec, args, "s"));
      default:
        throw new IllegalArgumentException(
            "unknown strategy '" + spec + "'; expected one of " + KNOWN);
    }
  }

  /** The specs {@link #parse} accepts. */
  String KNOWN = "bsp, ignore:b=1, frc:s=1, cyclic:s=1";

  private static int intParameter(String spec, String args, String key) {
    if (args.isEmpty()) {
      return 1;
    }
    String[] kv = args.split("=", 2);
    if (kv.length != 2 || !kv[0].trim().equals(key)) {
      throw new IllegalArgumentException(
          "strategy '" + spec + "': expected parameter '" + key + "=<int>', got '" + args + "'");
    }
    try {
      return Integer.parseInt(kv[1].trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "strategy '" + spec + "': " + key + " must be an integer, got '" + kv[1] + "'", e);
    }
  }

  /** The spec this strategy parses from, e.g. {@code cyclic:s=1}. */
  String spec();

  /** A short human description, e.g. {@code cyclic s=1}. */
  String describe();

  /** Whether the aggregate is the exact full sum whenever the strategy decides. */
  boolean isExact();

  /** The number of tasks must be a multiple of this (s+1 for {@code frc}, else 1). */
  default int taskMultiple() {
    return 1;
  }

  /** The code that lays blocks out over {@code numTasks} tasks. */
  GradientCode code(int numTasks);

  /**
   * Decides for the tasks finished so far ({@code arrivals} in arrival order, {@code finished} the
   * same as a set); {@code blockRecords[j]} is the number of records of block j. Empty while the
   * iteration must keep waiting.
   */
  Optional<Decision> decide(
      GradientCode code, List<Integer> arrivals, BitSet finished, long[] blockRecords);

  /**
   * The best decision without waiting for more tasks (used when Spark gave up on tasks and the user
   * accepts an approximation): the code's least-squares best approximation.
   */
  default Decision bestEffort(GradientCode code, BitSet finished) {
    Decoding decoding = code.decode(finished);
    return new Decision(
        decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), decoding.exact());
  }
}
