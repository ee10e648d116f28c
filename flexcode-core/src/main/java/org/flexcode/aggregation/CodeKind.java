package org.flexcode.aggregation;

import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecNames;

/** The gradient code of a strategy's primaries, with its spec name. */
public enum CodeKind {
  /** Fractional repetition ({@link GradientCode#fractionalRepetition}); n a multiple of s + 1. */
  FRC("frc"),
  /** Cyclic repetition ({@link GradientCode#cyclicRepetition}); any n > s. */
  CYCLIC("cyclic");

  private final String specName;

  CodeKind(String specName) {
    this.specName = specName;
  }

  /** The kind named {@code name} in a spec ({@code frc} or {@code cyclic}, case-insensitive). */
  public static CodeKind parse(String name) {
    return SpecNames.lookup(values(), name, "code must be frc or cyclic");
  }

  /** The code of this kind over {@code numTasks} tasks tolerating {@code s} stragglers. */
  public GradientCode build(int numTasks, int s) {
    return this == FRC
        ? GradientCode.fractionalRepetition(numTasks, s)
        : GradientCode.cyclicRepetition(numTasks, s);
  }

  /** The number of tasks must be a multiple of this: s + 1 for FRC, else 1. */
  public int taskMultiple(int s) {
    return this == FRC ? s + 1 : 1;
  }

  /** The spec name, e.g. {@code frc}. */
  @Override
  public String toString() {
    return specName;
  }
}
