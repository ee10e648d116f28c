package org.flexcode.spec;

import java.util.Locale;

/** Enum constants looked up by their spec names (their {@code toString}), case-insensitively. */
public final class SpecNames {

  private SpecNames() {}

  /**
   * The constant of {@code values} named {@code name}; otherwise an error {@code "<expected>, got
   * '<name>'"}.
   */
  public static <E extends Enum<E>> E lookup(E[] values, String name, String expected) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (E value : values) {
      if (value.toString().equals(key)) {
        return value;
      }
    }
    throw new IllegalArgumentException(expected + ", got '" + name + "'");
  }
}
