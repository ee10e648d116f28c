package org.flexcode.aggregation.strategy.steal;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyContractTest;

/** The strategy contract for the family's specs steal, steal:late=0. */
class StealContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("steal", "steal:late=0");
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
