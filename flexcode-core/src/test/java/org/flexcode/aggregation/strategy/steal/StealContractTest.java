package org.flexcode.aggregation.strategy.steal;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs steal, steal:late=0. */
@Tag("unit")
class StealContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("steal", "steal:late=0");
  }

  /** Three copies of each of four chunks. */
  @Override
  protected int copies() {
    return 3;
  }
}
