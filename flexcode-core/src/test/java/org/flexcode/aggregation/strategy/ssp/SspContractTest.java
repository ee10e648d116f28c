package org.flexcode.aggregation.strategy.ssp;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs ssp:staleness=1,b=1, ssp:staleness=2,b=0. */
@Tag("unit")
class SspContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("ssp:staleness=1,b=1", "ssp:staleness=2,b=0");
  }
}
