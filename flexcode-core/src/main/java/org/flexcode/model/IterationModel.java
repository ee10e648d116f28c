package org.flexcode.model;

/**
 * The Monte Carlo model of a strategy's iteration time: for each of {@code iterations} iterations,
 * draw every executor's factor from the pattern, simulate the rule on the cluster's dedicated cores
 * and add the fixed cost (job launch + decode(n) + broadcast). Seeded: the same seed gives the same
 * figures, and every rule sees the same factors.
 */
public interface IterationModel {

  /** A model of {@code delays} on {@code cluster}. */
  static IterationModel of(Cluster cluster, MachineDelays delays) {
    return new MonteCarloModel(cluster, delays);
  }

  /** The cluster shape. */
  Cluster cluster();

  /** The pattern. */
  MachineDelays delays();

  /**
   * Simulates {@code iterations} iterations of {@code rule}.
   *
   * @throws IllegalArgumentException if the rule cannot run on the cluster's shape
   */
  ModelSummary run(Rule rule, int iterations, long seed);
}
