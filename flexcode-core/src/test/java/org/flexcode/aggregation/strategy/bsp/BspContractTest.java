package org.flexcode.aggregation.strategy.bsp;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs bsp. */
@Tag("unit")
class BspContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("bsp");
  }
}
