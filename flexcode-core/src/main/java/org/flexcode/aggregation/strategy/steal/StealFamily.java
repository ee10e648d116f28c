package org.flexcode.aggregation.strategy.steal;

import java.util.List;
import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.copies.internal.CopiesSpec;

/** Registers {@code steal:r=R,chunks=C,late=X}: work stealing over cached chunk copies. */
public final class StealFamily extends NamedFamily {

  static final String STEAL = "steal";

  /** The family. */
  public StealFamily() {
    super(
        STEAL,
        List.of("r", "chunks", "late", "home"),
        "steal:r=3,chunks=4,late=1.5",
        spec ->
            new Steal(
                spec.integer("r", CopiesSpec.DEFAULT_COPIES),
                spec.integer("chunks", CopiesSpec.DEFAULT_CHUNKS),
                spec.number("late", CopiesSpec.DEFAULT_LATE),
                spec.choice("home", StealHome::parse, StealHome.AUTO)));
  }
}
