package org.flexcode.aggregation.strategy.flexrr;

import java.util.List;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;

/**
 * Registers {@code flexrr:staleness=K,r=R,chunks=C}: reassignment over chunk copies with bounded
 * staleness.
 */
public final class FlexrrFamily extends NamedFamily {

  static final String FLEXRR = "flexrr";

  /** The family. */
  public FlexrrFamily() {
    super(
        FLEXRR,
        List.of("staleness", "r", "chunks"),
        "flexrr:staleness=1",
        spec ->
            new Flexrr(
                spec.integer("staleness", StrategyDefaults.FLEXRR_STALENESS),
                spec.integer("r", StrategyDefaults.STEAL_COPIES),
                spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS)));
  }
}
