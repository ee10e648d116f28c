package org.flexcode.aggregation.strategy.gcdc;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs gcdc:s=1,clusters=2. */
@Tag("unit")
class GcdcContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("gcdc:s=1,clusters=2");
  }
}
