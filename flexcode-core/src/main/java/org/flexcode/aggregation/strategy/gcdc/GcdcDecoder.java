package org.flexcode.aggregation.strategy.gcdc;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.adaptive.internal.ClusterFormer;
import org.flexcode.adaptive.internal.Clustering;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ComputedBlocks;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/**
 * {@link Gcdc} bound: before each iteration asks its {@link ClusterFormer} for the clusters (which
 * slot each task computes); decides as FRC does over the slots the finished tasks computed (one per
 * group of every cluster, coefficient 1), and maps the slots' coefficients back to the tasks; after
 * each iteration hands the former the tasks' times. Holds state across iterations: one per engine.
 */
final class GcdcDecoder implements BoundStrategy, Adaptive {

  private final Gcdc strategy;
  private final GradientCode slots; // FRC(n, s) over the slots
  private final ClusterFormer former;
  private Clustering clustering;

  GcdcDecoder(Gcdc strategy, GradientCode slots) {
    this.strategy = strategy;
    this.slots = slots;
    this.former = new ClusterFormer(strategy.layout(slots.numTasks()));
    this.clustering = former.form();
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  /** FRC over the slots. */
  @Override
  public GradientCode code() {
    return slots;
  }

  /** The current iteration's clusters. */
  Clustering clustering() {
    return clustering;
  }

  @Override
  public String beforeIteration(int iteration) {
    clustering = former.form();
    return clustering.reason();
  }

  @Override
  public ComputedBlocks computedBlocks() {
    int[][] blocks = new int[slots.numTasks()][];
    for (int i = 0; i < blocks.length; i++) {
      blocks[i] = clustering.blocksOf(i);
    }
    return new ComputedBlocks(blocks);
  }

  @Override
  public void afterIteration(TaskTimes times) {
    former.observe(times);
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    BitSet done = clustering.slotsOf(finished);
    if (!slots.isDecodable(done)) {
      return Optional.empty();
    }
    return Optional.of(toTasks(slots.decode(done), finished));
  }

  @Override
  public Decision bestEffort(BitSet finished) {
    return toTasks(slots.decode(clustering.slotsOf(finished)), finished);
  }

  /** The slots' decoding as the tasks' weights: task i gets slot(i)'s coefficient. */
  private Decision toTasks(Decoding decoding, BitSet finished) {
    double[] bySlot = decoding.taskCoefficients();
    int n = slots.numTasks();
    double[] weights = new double[n];
    BitSet used = new BitSet(n);
    for (int task = finished.nextSetBit(0); task >= 0 && task < n; ) {
      double a = bySlot[clustering.slotOf(task)];
      if (a != 0.0) {
        weights[task] = a;
        used.set(task);
      }
      task = finished.nextSetBit(task + 1);
    }
    return new Decision(weights, used, decoding.residual(), decoding.exact());
  }
}
