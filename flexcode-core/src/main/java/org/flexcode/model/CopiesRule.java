package org.flexcode.model;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.aggregation.copies.internal.CopiedLayout;

/**
 * A strategy over chunk copies ({@link CopiedLayout}: {@code steal}, {@code flexrr}, or one from
 * another jar) in the model: the strategy fitted to the cluster's executors as the engine fits it
 * (fewer copies on fewer executors, bsp when one executor queues the blocks, the storage memory
 * unbounded), run by {@link StealSimulation} with the engine's own launches, placement and bound
 * decoder.
 */
final class CopiesRule extends StrategyRule<AggregationStrategy> {

  CopiesRule(AggregationStrategy strategy) {
    super(strategy);
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int m = cluster.executors();
    ClusterShape shape = new ClusterShape(m, m * cluster.cores(), cluster.tasks());
    AggregationStrategy fitted =
        strategy.capability(CopiedLayout.class).orElseThrow().fitTo(shape, StorageBudget.UNLIMITED);
    if (fitted.capability(CopiedLayout.class).isEmpty()) {
      return StrategyRules.of(fitted).prepare(cluster); // bsp, as the engine fits it
    }
    int copies = fitted.capability(CopiedLayout.class).map(c -> c.layout().copies()).orElse(0);
    Checks.check(
        copies >= 1 && copies <= m,
        spec() + ": r=" + copies + " copies need at least r executors, got " + m);
    return new StealSimulation(cluster, fitted);
  }
}
