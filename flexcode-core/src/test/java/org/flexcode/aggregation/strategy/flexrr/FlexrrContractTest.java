package org.flexcode.aggregation.strategy.flexrr;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs flexrr, flexrr:staleness=2, flexrr:staleness=0. */
@Tag("unit")
class FlexrrContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("flexrr", "flexrr:staleness=2", "flexrr:staleness=0");
  }

  /** Three copies of each of four chunks. */
  @Override
  protected int copies() {
    return 3;
  }
}
