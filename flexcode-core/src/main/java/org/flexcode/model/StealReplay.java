package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.copies.internal.CopiedLayout;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.copies.internal.StealRecord;

/**
 * The iterations of a strategy over chunk copies ({@code steal}, {@code flexrr}) as the model
 * decides them ({@link StealSimulation}: the engine's own launches, placement and decoder on
 * simulated time), each task held back by a given delay, as the engine's injected straggler delays
 * hold it: what the model/engine agreement test compares with the engine's records. Every task
 * without a delay takes {@code taskBaseMs} from launch to result (the engine's launch and compute
 * of one chunk); the executors' cores are their own (no other process loads their host).
 */
public final class StealReplay {

  /**
   * What one iteration decided.
   *
   * @param used the chunk copies whose results the aggregate uses
   * @param record the moves, as the engine's launches record them (executor ids "0" .. "M-1": the
   *     planned executors)
   * @param endMs when the iteration ended, ms after it started
   * @param staleAges chunk -> age in iterations of each result used that an earlier iteration
   *     computed ({@code flexrr})
   */
  public record Replayed(
      BitSet used, StealRecord record, double endMs, Map<Integer, Integer> staleAges) {

    /** Copies the ages. */
    public Replayed {
      staleAges = Map.copyOf(staleAges);
    }
  }

  private final StealSimulation simulation;
  private final int tasks;
  private final double[] noFactor;
  private final double[] equalLoads;

  /**
   * Replays {@code strategy} (a layout of chunk copies) over {@code blocks} blocks on {@code
   * executors} executors of {@code cores} cores, from iteration 0.
   */
  public StealReplay(
      AggregationStrategy strategy, int executors, int cores, int blocks, double taskBaseMs) {
    Checks.check(
        strategy instanceof CopiedLayout,
        "steal replay: " + strategy.spec() + " lays out no chunk copies");
    Checks.check(taskBaseMs >= 0, "steal replay: taskBaseMs must be >= 0, got " + taskBaseMs);
    Costs costs = new Costs(0, taskBaseMs, 0, 0, 0, 0, taskBaseMs);
    // The block compute is all in the base: a negligible rest keeps the cluster valid.
    Cluster cluster = new Cluster(executors, cores, blocks, 1e-9, costs, 0.0);
    this.simulation = new StealSimulation(cluster, strategy);
    CopiesSpec layout = ((CopiedLayout) strategy).layout();
    this.tasks = blocks * layout.chunks() * layout.copies();
    this.noFactor = new double[executors];
    this.equalLoads = new double[executors];
    Arrays.fill(noFactor, 1.0);
    Arrays.fill(equalLoads, 1.0);
  }

  /** The next iteration, task t (chunk copy t, as the engine numbers them) held back delayMs[t]. */
  public Replayed next(double[] delayMs) {
    Checks.check(
        delayMs.length == tasks,
        "steal replay: " + delayMs.length + " delays for " + tasks + " chunk copies");
    simulation.delay(delayMs);
    IterationOutcome outcome = simulation.run(noFactor, equalLoads);
    return new Replayed(
        (BitSet) simulation.lastDecision().used().clone(),
        simulation.lastRecord(),
        outcome.spanMs(),
        simulation.staleAges());
  }
}
