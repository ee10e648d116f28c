package org.flexcode.aggregation.strategy.bsp;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;

/** The strategy contract for the family's specs bsp. */
class BspContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("bsp");
  }
}
