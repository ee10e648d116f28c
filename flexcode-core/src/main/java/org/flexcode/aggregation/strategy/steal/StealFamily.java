package org.flexcode.aggregation.strategy.steal;

import java.util.List;
import org.flexcode.adaptive.StealHome;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;

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
                spec.integer("r", StrategyDefaults.STEAL_COPIES),
                spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS),
                spec.number("late", StrategyDefaults.STEAL_LATE),
                spec.choice("home", StealHome::parse, StealHome.AUTO)));
  }
}
