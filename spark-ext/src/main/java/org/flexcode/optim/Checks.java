package org.flexcode.optim;

/** Argument checks of the trainers' settings; errors name the setting, the bound and the value. */
final class Checks {

  private Checks() {}

  /** Throws unless {@code value >= min}. */
  static void atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be >= " + min + ", got " + value);
    }
  }

  /** Throws unless {@code value > 0} (NaN fails). */
  static void positive(String name, double value) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(name + " must be > 0, got " + value);
    }
  }
}
