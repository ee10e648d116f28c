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
}
