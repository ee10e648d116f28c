package org.flexcode.aggregation.strategy.gcdc;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;

/** The strategy contract for the family's specs gcdc:s=1,clusters=2. */
class GcdcContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("gcdc:s=1,clusters=2");
  }
}
