package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The checks of the bench commands' option values ({@link SimulateCommand}, {@link
 * DataPlaneCommand}, {@link ScaleExperiment}): each returns the value, or throws an {@link
 * IllegalArgumentException} that names the option and the value given.
 */
final class OptionValues {

  private OptionValues() {}

  /**
   * The comma-separated integers >= 1 in {@code list}, or {@code fallback} when the option {@code
   * name} was not given ({@code list} null).
   */
  static List<Integer> positiveIntegers(String list, List<Integer> fallback, String name) {
    if (list == null) {
      return fallback;
    }
    List<Integer> values = new ArrayList<>();
    for (String part : list.split(",")) {
      int v;
      try {
        v = Integer.parseInt(part.trim());
      } catch (NumberFormatException e) {
        v = 0;
      }
      if (v < 1) {
        throw new IllegalArgumentException(
            name + " must be a comma-separated list of integers >= 1, got '" + list + "'");
      }
      values.add(v);
    }
    return values;
  }

  /** {@code v}, the value of the option {@code name}, if >= 1. */
  static int atLeastOne(int v, String name) {
    if (v < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, got " + v);
    }
    return v;
  }

  /** {@code v}, the value of the option {@code name}, if > 0. */
  static double positive(double v, String name) {
    if (!(v > 0)) {
      throw new IllegalArgumentException(name + " must be > 0, got " + v);
    }
    return v;
  }
}
