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
 *   <li>{@code cyclic:s=1}: cyclic repetition code, exact, any s stragglers;
 *   <li>{@code shadow:m=1,f=0.1}: uncoded primaries plus m shadow tasks over entropy-rich subsets
 *       of a fraction f of the data; a straggler's block is replaced by its shadow's estimate (up
 *       to m stragglers; add {@code selector=random} for uniform subsets);
 *   <li>{@code hybrid:s=1,m=1,f=0.1}: FRC primaries plus shadows; exact when the code decodes,
 *       shadow-covered beyond s stragglers (up to s + m); {@code code=cyclic} for cyclic primaries.
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

  /** Uncoded primaries plus {@code m} shadows holding a fraction {@code f} of each block. */
  static AggregationStrategy shadow(int m, double f, String selector) {
    return shadow(m, f, selector, 0.0);
  }

  /**
   * As {@link #shadow(int, double, String)}; {@code late} >= 1 launches the shadows only once a
   * primary has run {@code late} x the median of the finished ones (0: with the primaries).
   */
  static AggregationStrategy shadow(int m, double f, String selector, double late) {
    return new Strategies.Shadowed(0, "frc", new ShadowSpec(m, f, selector, 42L, late));
  }

  /** FRC primaries tolerating {@code s} stragglers plus {@code m} shadows of fraction {@code f}. */
  static AggregationStrategy hybrid(int s, int m, double f, String selector) {
    return hybrid(s, m, f, selector, "frc");
  }

  /**
   * Coded primaries ({@code code} = "frc" or "cyclic") tolerating {@code s} stragglers plus {@code
   * m} shadows of fraction {@code f}.
   */
  static AggregationStrategy hybrid(int s, int m, double f, String selector, String code) {
    return hybrid(s, m, f, selector, code, 0.0);
  }

  /** As {@link #hybrid(int, int, double, String, String)} with late shadows (see shadow). */
  static AggregationStrategy hybrid(
      int s, int m, double f, String selector, String code, double late) {
    return new Strategies.Shadowed(s, code, new ShadowSpec(m, f, selector, 42L, late));
  }

  /**
   * Parses {@code bsp}, {@code ignore:b=B}, {@code frc:s=S}, {@code cyclic:s=S} (the parameter
   * defaults to 1 when omitted), {@code shadow:m=M,f=F[,selector=entropy|random]} (defaults m=1,
   * f=0.1, entropy) or {@code hybrid:s=S,m=M,f=F[,selector=...][,code=frc|cyclic]} (defaults s=1,
   * m=1, f=0.1, frc).
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
      case "shadow":
      case "hybrid":
        {
          java.util.Map<String, String> p =
              keyValues(
                  spec,
                  args,
                  name.equals("shadow") ? "m,f,selector,late" : "s,m,f,selector,late,code");
          int m = integer(spec, "m", p.getOrDefault("m", "1"));
          double f = fraction(spec, p.getOrDefault("f", "0.1"));
          String selector = p.getOrDefault("selector", "entropy");
          double late = number(spec, "late", p.getOrDefault("late", "0"));
          ShadowSpec shadows = new ShadowSpec(m, f, selector, 42L, late);
          return name.equals("shadow")
              ? new Strategies.Shadowed(0, "frc", shadows)
              : new Strategies.Shadowed(
                  integer(spec, "s", p.getOrDefault("s", "1")),
                  p.getOrDefault("code", "frc"),
                  shadows);
        }
      default:
        throw new IllegalArgumentException(
            "unknown strategy '" + spec + "'; expected one of " + KNOWN);
    }
  }

  /** The specs {@link #parse} accepts. */
  String KNOWN = "bsp, ignore:b=1, frc:s=1, cyclic:s=1, shadow:m=1,f=0.1, hybrid:s=1,m=1,f=0.1";

  private static java.util.Map<String, String> keyValues(String spec, String args, String keys) {
    java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
    List<String> allowed = List.of(keys.split(","));
    if (args.isEmpty()) {
      return values;
    }
    for (String part : args.split(",")) {
      String[] kv = part.split("=", 2);
      String key = kv[0].trim();
      if (kv.length != 2 || !allowed.contains(key)) {
        throw new IllegalArgumentException(
            "strategy '"
                + spec
                + "': expected parameters among "
                + allowed
                + ", got '"
                + part
                + "'");
      }
      values.put(key, kv[1].trim());
    }
    return values;
  }

  private static int integer(String spec, String key, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "strategy '" + spec + "': " + key + " must be an integer, got '" + value + "'", e);
    }
  }

  private static double number(String spec, String key, String value) {
    return number(spec, key, value, "a number");
  }

  private static double fraction(String spec, String value) {
    return number(spec, "f", value, "a number in (0, 1]");
  }

  private static double number(String spec, String key, String value, String expected) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "strategy '" + spec + "': " + key + " must be " + expected + ", got '" + value + "'", e);
    }
  }

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

  /** The shadow tasks this strategy adds after the primaries (none by default). */
  default ShadowSpec shadows() {
    return ShadowSpec.NONE;
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
