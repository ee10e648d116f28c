package org.flexcode.aggregation.strategy.flexrr;

import java.util.List;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.copies.internal.CopiesSpec;

/**
 * Registers {@code flexrr:staleness=K,r=R,chunks=C}: reassignment over chunk copies with bounded
 * staleness.
 */
public final class FlexrrFamily extends NamedFamily {

  static final String FLEXRR = "flexrr";

  /** Iterations a chunk's result {@code flexrr} applies may lag (staleness k). */
  public static final int STALENESS = 1;

  /** The family. */
  public FlexrrFamily() {
    super(
        FLEXRR,
        List.of("staleness", "r", "chunks"),
        "flexrr:staleness=1",
        spec ->
            new Flexrr(
                spec.integer("staleness", FlexrrFamily.STALENESS),
                spec.integer("r", CopiesSpec.DEFAULT_COPIES),
                spec.integer("chunks", CopiesSpec.DEFAULT_CHUNKS)));
  }
}
