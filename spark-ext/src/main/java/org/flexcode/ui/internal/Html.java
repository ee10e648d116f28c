package org.flexcode.ui.internal;

import java.util.Locale;

/** Escaping and number formats shared by the FlexCode pages. */
final class Html {

  private Html() {}

  /** {@code text} safe inside HTML or SVG text and attribute values. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A duration: {@code 850 ms}, {@code 12.4 s}, {@code 3.2 min}. */
  static String duration(long ms) {
    if (ms < 10_000) {
      return ms + " ms";
    }
    if (ms < 600_000) {
      return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
    return String.format(Locale.ROOT, "%.1f min", ms / 60_000.0);
  }

  /** A ratio such as {@code 3.9x}. */
  static String ratio(double ratio) {
    return String.format(Locale.ROOT, "%.1fx", ratio);
  }
}
