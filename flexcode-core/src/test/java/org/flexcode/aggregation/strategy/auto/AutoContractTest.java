package org.flexcode.aggregation.strategy.auto;

import java.util.List;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.StrategyContractTest;
import org.flexcode.aggregation.copies.internal.StealPlan;
import org.junit.jupiter.api.Tag;

/** The strategy contract for the family's specs auto:exact=true, auto:exact=false. */
@Tag("unit")
class AutoContractTest extends StrategyContractTest {

  @Override
  protected List<String> specs() {
    return List.of("auto:exact=true", "auto:exact=false");
  }

  /** Three copies of each of four chunks. */
  @Override
  protected int copies() {
    return 3;
  }

  /** The engine's hand-over on one executor: the plan of the copies, no stealing launches. */
  @Override
  protected void prepare(BoundStrategy bound, int numTasks) {
    StealPlan plan = new StealPlan(1, numTasks / copies(), copies(), 1);
    ((AutoDecoder) bound).launches(plan, null);
  }
}
