package org.flexcode.aggregation.strategy.coded;

import java.util.List;
import org.flexcode.aggregation.StrategyContractTest;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs frc:s=1, cyclic:s=1, cyclic:s=2. */
@Tag("unit")
class CodedContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("frc:s=1", "cyclic:s=1", "cyclic:s=2");
  }
}
