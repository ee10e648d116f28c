package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;

/**
 * A strategy in the model by its own bound decoder: the strategy bound to the cluster's n equal
 * blocks (one record each), every primary computing the blocks its code row holds, and the
 * iteration ending at the shortest prefix of arrivals its decoder decides for ({@link
 * BoundStrategy#couldDecide}, monotone for a decoder that decides from the set of arrivals); the
 * aggregate covers the blocks the decision's tasks hold. What {@code bsp}, {@code ignore}, the
 * codes and any strategy from another jar without shadow tasks run as.
 */
final class DecisionRule extends StrategyRule<AggregationStrategy> {

  DecisionRule(AggregationStrategy strategy) {
    super(strategy);
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int n = cluster.tasks();
    long[] records = new long[n];
    Arrays.fill(records, 1L);
    BoundStrategy bound = strategy.bind(n, records);
    int[][] layout = bound.layout();
    double[] blocks = new double[layout.length];
    for (int i = 0; i < blocks.length; i++) {
      blocks[i] = layout[i].length;
    }
    return new PrefixSimulation(cluster, blocks, stopping(bound, layout, n), false);
  }

  /** The decoder's stopping rule; the data share is that of the blocks the last tasks used hold. */
  private static PrefixSimulation.Stopping stopping(BoundStrategy bound, int[][] layout, int n) {
    PrefixSimulation.Stopping decided = DecisionReplay.stopping(bound, 1.0);
    double[] share = {1.0};
    return new PrefixSimulation.Stopping() {
      @Override
      public boolean done(BitSet finished) {
        return decided.done(finished);
      }

      @Override
      public BitSet used(BitSet finished) {
        BitSet used = decided.used(finished);
        BitSet held = new BitSet(n);
        used.stream().forEach(task -> Arrays.stream(layout[task]).forEach(held::set));
        share[0] = (double) held.cardinality() / n;
        return used;
      }

      @Override
      public double dataShare(int tasks) {
        return share[0];
      }
    };
  }
}
