package org.flexcode.stragglers;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A seeded straggler pattern from the study in the project's seeds (DESIGN section 4). For one task
 * attempt that computed for {@code computeMs}, {@link #delayMs} says how long it is held back
 * afterwards; executor-level disruption runs in the background of the executor ({@link
 * #startOnExecutor}). Draws are keyed on (seed, partition, computation count, attempt) or (seed,
 * executor), so runs repeat exactly and MLlib's tasks and FlexCode's draw alike.
 *
 * <p>Specs ({@link #parse}): {@code ideal}; {@code slow-worker:p=0.2,max=2} (with probability p a
 * task is delayed by U(0, max) x its compute time); {@code power-law:alpha=4} (delay = compute x
 * ((1 - u)^(-1/alpha) - 1), a Pareto tail with skew alpha); {@code persistent:k=1,factor=4}
 * (executors with numeric id below k, the driver counting as 0 in local mode, run factor times
 * slower every iteration); {@code disrupted-machine:p=0.1,interval=1000} (per interval of that many
 * ms, with probability p an executor runs CPU-hog threads, one per core, for the interval: real
 * contention, not sleep); {@code heavy-tail} (25% of tasks slow: 80% of those 1.5-2.5x, 20%
 * 2.5-10x).
 */
public interface StragglerPattern extends Serializable {

  /** No straggling. */
  static StragglerPattern ideal() {
    return new Patterns.Ideal();
  }

  /** Parses one spec; the error names the spec and what was expected. */
  static StragglerPattern parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("empty straggler pattern; expected one of " + KNOWN);
    }
    String trimmed = spec.trim().toLowerCase(Locale.ROOT);
    String name = trimmed.contains(":") ? trimmed.substring(0, trimmed.indexOf(':')) : trimmed;
    Map<String, Double> p =
        parameters(spec, trimmed.contains(":") ? trimmed.substring(trimmed.indexOf(':') + 1) : "");
    return switch (name) {
      case "ideal" -> {
        allow(spec, p);
        yield ideal();
      }
      case "slow-worker" -> {
        allow(spec, p, "p", "max");
        yield new Patterns.SlowWorker(p.getOrDefault("p", 0.2), p.getOrDefault("max", 2.0));
      }
      case "power-law" -> {
        allow(spec, p, "alpha");
        yield new Patterns.PowerLaw(p.getOrDefault("alpha", 4.0));
      }
      case "persistent" -> {
        allow(spec, p, "k", "factor");
        yield new Patterns.Persistent(
            integer(spec, "k", p.getOrDefault("k", 1.0)), p.getOrDefault("factor", 4.0));
      }
      case "disrupted-machine" -> {
        allow(spec, p, "p", "interval");
        yield new Patterns.DisruptedMachine(
            p.getOrDefault("p", 0.1), (long) (double) p.getOrDefault("interval", 1000.0));
      }
      case "heavy-tail" -> {
        allow(spec, p);
        yield new Patterns.HeavyTail();
      }
      default ->
          throw new IllegalArgumentException(
              "unknown straggler pattern '" + spec + "'; expected one of " + KNOWN);
    };
  }

  /** The specs {@link #parse} accepts, with their defaults. */
  String KNOWN =
      "ideal, slow-worker:p=0.2,max=2, power-law:alpha=4, persistent:k=1,factor=4,"
          + " disrupted-machine:p=0.1,interval=1000, heavy-tail";

  /** The canonical spec of this pattern. */
  String spec();

  /**
   * How long (ms) the attempt {@code attempt} of partition {@code partition}, computed for the
   * {@code computeCount}-th time on executor {@code executorId} in {@code computeMs}, is held back.
   */
  long delayMs(
      long seed, int partition, String executorId, int computeCount, int attempt, long computeMs);

  /** Starts executor-level disruption in this executor JVM (once); most patterns have none. */
  default void startOnExecutor(long seed, String executorId) {}

  private static Map<String, Double> parameters(String spec, String args) {
    Map<String, Double> values = new LinkedHashMap<>();
    if (args.isBlank()) {
      return values;
    }
    for (String pair : args.split(",")) {
      String[] kv = pair.split("=", 2);
      if (kv.length != 2 || kv[0].isBlank()) {
        throw new IllegalArgumentException(
            "straggler pattern '" + spec + "': expected key=value, got '" + pair + "'");
      }
      try {
        double v = Double.parseDouble(kv[1].trim());
        if (!Double.isFinite(v)) {
          throw new NumberFormatException();
        }
        values.put(kv[0].trim(), v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "straggler pattern '"
                + spec
                + "': "
                + kv[0].trim()
                + " must be a number, got '"
                + kv[1]
                + "'");
      }
    }
    return values;
  }

  private static void allow(String spec, Map<String, Double> given, String... keys) {
    for (String key : given.keySet()) {
      if (!java.util.List.of(keys).contains(key)) {
        throw new IllegalArgumentException(
            "straggler pattern '"
                + spec
                + "': unknown parameter '"
                + key
                + "'"
                + (keys.length == 0
                    ? " (it takes none)"
                    : "; expected " + String.join(", ", keys)));
      }
    }
  }

  private static int integer(String spec, String key, double value) {
    if (value != Math.rint(value)) {
      throw new IllegalArgumentException(
          "straggler pattern '" + spec + "': " + key + " must be an integer, got " + value);
    }
    return (int) value;
  }
}
