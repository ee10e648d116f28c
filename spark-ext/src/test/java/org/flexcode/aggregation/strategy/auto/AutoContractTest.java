package org.flexcode.aggregation.strategy.auto;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyContractTest;

/** The strategy contract for the family's specs auto:exact=true, auto:exact=false. */
class AutoContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("auto:exact=true", "auto:exact=false");
  }

  /** Task t is copy t / C of chunk t mod C. */
  @Override
  protected int dataBlockOf(AggregationStrategy strategy, int block, int numTasks) {
    return block % dataBlocks(strategy, numTasks);
  }

  @Override
  protected int dataBlocks(AggregationStrategy strategy, int numTasks) {
    return numTasks / COPIES;
  }

  /** Four chunks, each in three copies. */
  @Override
  protected int numTasks(AggregationStrategy strategy) {
    return 4 * COPIES;
  }

  private static final int COPIES = 3;
}
