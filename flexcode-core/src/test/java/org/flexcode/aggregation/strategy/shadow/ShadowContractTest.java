package org.flexcode.aggregation.strategy.shadow;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs shadow:m=1,f=0.5, hybrid:s=1,m=2,f=0.5. */
@Tag("unit")
class ShadowContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("shadow:m=1,f=0.5", "hybrid:s=1,m=2,f=0.5");
  }
}
