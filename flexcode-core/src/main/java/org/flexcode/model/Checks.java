package org.flexcode.model;

import java.util.Locale;

/** The model's argument checks and number formatting. */
final class Checks {

  private Checks() {}

  /** Throws {@link IllegalArgumentException} with {@code message} unless {@code ok}. */
  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** {@code v} as a spec writes it: an integer without a fraction, else as Java prints it. */
  static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%s", v);
  }
}
