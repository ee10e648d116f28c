package org.flexcode.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One parsed spec, {@code name} or {@code name:key=value,...} (case-insensitive, blanks around
 * names, keys and values ignored, a repeated key keeps its last value), with typed getters whose
 * errors name the spec, the key and the bad value. Which keys a name accepts is the business of a
 * {@link SpecTable}.
 */
public final class Spec {

  private final String kind;
  private final String text;
  private final String name;
  private final Map<String, String> values;

  private Spec(String kind, String text, String name, Map<String, String> values) {
    this.kind = kind;
    this.text = text;
    this.name = name;
    this.values = Collections.unmodifiableMap(values);
  }

  /**
   * Reads the syntax of {@code text}; {@code kind} (e.g. {@code strategy}) names what is parsed in
   * error messages. The text must not be blank.
   */
  public static Spec parse(String kind, String text) {
    String trimmed = text.trim().toLowerCase(Locale.ROOT);
    int colon = trimmed.indexOf(':');
    String name = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
    String args = colon < 0 ? "" : trimmed.substring(colon + 1);
    Map<String, String> values = new LinkedHashMap<>();
    if (!args.isBlank()) {
      for (String pair : args.split(",")) {
        String[] kv = pair.split("=", 2);
        if (kv.length != 2 || kv[0].isBlank()) {
          throw new IllegalArgumentException(
              kind + " '" + text + "': expected key=value, got '" + pair + "'");
        }
        values.put(kv[0].trim(), kv[1].trim());
      }
    }
    return new Spec(kind, text, name, values);
  }

  /** What is parsed, e.g. {@code strategy} or {@code straggler pattern}. */
  public String kind() {
    return kind;
  }

  /** The text as given. */
  public String text() {
    return text;
  }

  /** The lower-case name before the colon. */
  public String name() {
    return name;
  }

  /** The keys given, in order. */
  public Set<String> keys() {
    return values.keySet();
  }

  /** The integer under {@code key}, or {@code fallback} when absent. */
  public int integer(String key, int fallback) {
    String v = values.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      double d = parsedOrNaN(v);
      if (Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) <= Integer.MAX_VALUE) {
        return (int) d; // 2.0 is the integer 2
      }
      throw error(key + " must be an integer, got " + (Double.isFinite(d) ? v : "'" + v + "'"), e);
    }
  }

  /** The long integer under {@code key}, or {@code fallback} when absent. */
  public long longInteger(String key, long fallback) {
    String v = values.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw error(key + " must be an integer, got '" + v + "'", e);
    }
  }

  /** The finite number under {@code key}, or {@code fallback} when absent. */
  public double number(String key, double fallback) {
    return number(key, fallback, "a number");
  }

  /**
   * As {@link #number(String, double)}; {@code expected} says what the value must be in the error
   * for a non-number, e.g. {@code a number in (0, 1]}.
   */
  public double number(String key, double fallback, String expected) {
    String v = values.get(key);
    if (v == null) {
      return fallback;
    }
    double d = parsedOrNaN(v);
    if (!Double.isFinite(d)) {
      throw error(key + " must be " + expected + ", got '" + v + "'", null);
    }
    return d;
  }

  /**
   * The value under {@code key} read by {@code parser} (for example an enum's parse), or {@code
   * fallback} when absent; the parser's error is reported with this spec's text.
   */
  public <T> T choice(String key, Function<String, T> parser, T fallback) {
    String v = values.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return parser.apply(v);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage(), e);
    }
  }

  /** An error about this spec: {@code <kind> '<text>': <message>}. */
  public IllegalArgumentException error(String message, Throwable cause) {
    return new IllegalArgumentException(kind + " '" + text + "': " + message, cause);
  }

  private static double parsedOrNaN(String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
