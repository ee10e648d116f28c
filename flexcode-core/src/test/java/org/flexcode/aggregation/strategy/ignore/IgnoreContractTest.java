package org.flexcode.aggregation.strategy.ignore;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs ignore:b=1, ignore:b=2, ignore:b=auto. */
@Tag("unit")
class IgnoreContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("ignore:b=1", "ignore:b=2", "ignore:b=auto");
  }
}
