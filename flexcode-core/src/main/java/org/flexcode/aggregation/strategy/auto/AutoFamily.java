package org.flexcode.aggregation.strategy.auto;

import java.util.List;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.spec.Spec;

/**
 * Registers {@code auto:exact=B,r=R,chunks=C,floor=F}: the mode predicted fastest per iteration.
 */
public final class AutoFamily extends NamedFamily {

  static final String AUTO = "auto";

  /**
   * The least share of the records {@code auto}'s ignore mode aggregates (floor): half, since it
   * prices what leaving workers out costs by the spread of their gradients (measured on {@code
   * ctr}: ignore:b=4 of 8 made 0.995-1.002 of an exact iteration's progress).
   */
  public static final double FLOOR = 0.5;

  /** The iterations of history {@code auto}'s chooser predicts from (its window). */
  public static final int WINDOW = 5;

  /** The family. */
  public AutoFamily() {
    super(AUTO, List.of("exact", "r", "chunks", "floor"), "auto:exact=false", AutoFamily::auto);
  }

  private static Auto auto(Spec spec) {
    return new Auto(
        spec.choice("exact", AutoFamily::bool, false),
        spec.integer("r", CopiesSpec.DEFAULT_COPIES),
        spec.integer("chunks", CopiesSpec.DEFAULT_CHUNKS),
        spec.number("floor", AutoFamily.FLOOR, "a number in (0, 1]"));
  }

  private static boolean bool(String text) {
    return switch (text.trim()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("exact must be true or false, got " + text);
    };
  }
}
