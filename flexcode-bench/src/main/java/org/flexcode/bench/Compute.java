package org.flexcode.bench;

import java.util.Locale;

/**
 * The bench's {@code --compute} mode, set on every row's application as {@value #CONF_KEY}: {@code
 * real} (tasks compute as they are) or {@code emulated:block-ms=T} (the library's input wrapper
 * adds T ms per block's worth of records as an interruptible sleep, so the bench behaves like
 * executors with cores of their own). The bench only validates and passes the mode; the sleep is
 * the library's.
 *
 * @param blockMs the emulated compute time of one block, or 0 for {@code real}
 */
record Compute(double blockMs) {

  /** The Spark conf key the library's input wrapper reads. */
  static final String CONF_KEY = "spark.flexcode.compute";

  /** The default mode: real compute. */
  static final Compute REAL = new Compute(0);

  private static final String EMULATED = "emulated:block-ms=";

  /** Checks the block time. */
  Compute {
    if (!(blockMs >= 0) || Double.isInfinite(blockMs)) {
      throw new IllegalArgumentException(
          "--compute emulated:block-ms=T needs a finite T > 0, got " + blockMs);
    }
  }

  /** Parses {@code real} or {@code emulated:block-ms=T} (T > 0, milliseconds). */
  static Compute parse(String spec) {
    String s = spec == null ? "" : spec.trim().toLowerCase(Locale.ROOT);
    if (s.equals("real")) {
      return REAL;
    }
    if (s.startsWith(EMULATED)) {
      String value = s.substring(EMULATED.length());
      double ms;
      try {
        ms = Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--compute emulated:block-ms=T needs a number T of milliseconds, got '" + spec + "'");
      }
      if (!(ms > 0)) {
        throw new IllegalArgumentException(
            "--compute emulated:block-ms=T needs T > 0, got '" + spec + "'");
      }
      return new Compute(ms);
    }
    throw new IllegalArgumentException(
        "--compute must be real or emulated:block-ms=T (T > 0 ms per block), got '" + spec + "'");
  }

  /** Whether the compute is emulated. */
  boolean emulated() {
    return blockMs > 0;
  }

  /** The canonical spec: {@code real} or {@code emulated:block-ms=T}. */
  String spec() {
    if (!emulated()) {
      return "real";
    }
    return blockMs == Math.rint(blockMs)
        ? EMULATED + (long) blockMs
        : EMULATED + String.format(Locale.ROOT, "%s", blockMs);
  }
}
