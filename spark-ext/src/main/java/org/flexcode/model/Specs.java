package org.flexcode.model;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Parses specs of the form {@code name:key=value,key=value} (pattern and rule specs). */
final class Specs {

  final String name;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final String spec;

  private Specs(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("empty spec");
    }
    this.spec = spec.trim().toLowerCase(Locale.ROOT);
    int colon = this.spec.indexOf(':');
    this.name = colon < 0 ? this.spec : this.spec.substring(0, colon);
    if (colon >= 0) {
      for (String part : this.spec.substring(colon + 1).split(",")) {
        String[] kv = part.split("=", 2);
        if (kv.length != 2) {
          throw new IllegalArgumentException(
              "'" + spec + "': expected key=value, got '" + part + "'");
        }
        values.put(kv[0].trim(), kv[1].trim());
      }
    }
  }

  static Specs parse(String spec) {
    return new Specs(spec);
  }

  /**
   * The number under {@code key}, or {@code defaultValue}; values are parsed when read, so a key
   * the model does not read (an engine-only option such as {@code selector=random}) is ignored.
   */
  double get(String key, double defaultValue) {
    String v = values.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + spec + "': " + key + " must be a number, got '" + v + "'", e);
    }
  }

  int getInt(String key, int defaultValue) {
    double v = get(key, defaultValue);
    if (v != Math.rint(v)) {
      throw new IllegalArgumentException(
          "'" + spec + "': " + key + " must be an integer, got " + v);
    }
    return (int) v;
  }

  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** A generator keyed on (seed, a, b, c), so that every key draws the same stream. */
  static java.util.SplittableRandom draw(long seed, long a, long b, long c) {
    long h = mix(mix(mix(seed, a), b), c);
    return new java.util.SplittableRandom(h);
  }

  private static long mix(long h, long v) {
    long x = (h ^ v) * 0x9E3779B97F4A7C15L;
    return x ^ (x >>> 31);
  }

  static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%s", v);
  }
}
