package org.flexcode.aggregation.strategy.bsp;

import java.util.List;
import org.flexcode.aggregation.NamedFamily;

/** Registers {@code bsp}: wait for every task, as MLlib does. */
public final class BspFamily extends NamedFamily {

  static final String BSP = "bsp";

  /** The family. */
  public BspFamily() {
    super(BSP, List.of(), BSP, spec -> new Bsp());
  }
}
