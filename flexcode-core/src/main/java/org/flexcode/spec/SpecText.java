package org.flexcode.spec;

/**
 * Writes a spec's canonical text, {@code name} or {@code name:key=value,...}, in the form {@link
 * Spec} reads back: integers as integers, other numbers as {@link Double#toString(double)}.
 */
public final class SpecText {

  private final StringBuilder text;
  private boolean hasParameters;

  private SpecText(String name) {
    this.text = new StringBuilder(name);
  }

  /** A spec with no parameters yet. */
  public static SpecText of(String name) {
    return new SpecText(name);
  }

  /** Adds {@code key=value}. */
  public SpecText with(String key, Object value) {
    text.append(hasParameters ? ',' : ':').append(key).append('=').append(value);
    hasParameters = true;
    return this;
  }

  /** Adds {@code key=value} when {@code include}. */
  public SpecText withIf(boolean include, String key, Object value) {
    return include ? with(key, value) : this;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
