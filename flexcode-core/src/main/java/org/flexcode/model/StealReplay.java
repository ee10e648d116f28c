package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.aggregation.copies.StealRecord;
import org.flexcode.aggregation.strategy.steal.Steal;

/**
 * {@code steal}'s iterations as the model decides them ({@link StealSimulation}: the engine's own
 * launches, placement and decoder on simulated time), each task held back by a given delay, as the
 * engine's injected straggler delays hold it: what the model/engine agreement test compares with
 * the engine's records. Every task without a delay takes {@code taskBaseMs} from launch to result
 * (the engine's launch and compute of one chunk); the executors' cores are their own (no other
 * process loads their host).
 */
public final class StealReplay {

  /**
   * What one iteration decided.
   *
   * @param used the chunk copies whose results the aggregate uses
   * @param record the moves, as the engine's launches record them (executor ids "0" .. "M-1": the
   *     planned executors)
   * @param endMs when the iteration ended, ms after it started
   */
  public record Replayed(BitSet used, StealRecord record, double endMs) {}

  private final StealSimulation simulation;
  private final int tasks;
  private final double[] noFactor;
  private final double[] equalLoads;

  /**
   * Replays {@code steal} over {@code blocks} blocks on {@code executors} executors of {@code
   * cores} cores, from iteration 0.
   */
  public StealReplay(Steal steal, int executors, int cores, int blocks, double taskBaseMs) {
    Checks.check(taskBaseMs >= 0, "steal replay: taskBaseMs must be >= 0, got " + taskBaseMs);
    Costs costs = new Costs(0, taskBaseMs, 0, 0, 0, 0, taskBaseMs);
    // The block compute is all in the base: a negligible rest keeps the cluster valid.
    Cluster cluster = new Cluster(executors, cores, blocks, 1e-9, costs, 0.0);
    this.simulation =
        new StealSimulation(cluster, steal.copies(), steal.chunks(), steal.late(), steal.home());
    this.tasks = blocks * steal.chunks() * steal.copies();
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
        outcome.spanMs());
  }
}
