package org.flexcode.model;

import java.util.Arrays;

/** The Monte Carlo {@link IterationModel}. */
final class MonteCarloModel implements IterationModel {

  private final Cluster cluster;
  private final MachineDelays delays;

  MonteCarloModel(Cluster cluster, MachineDelays delays) {
    Checks.check(cluster != null && delays != null, "model: cluster and delays must not be null");
    this.cluster = cluster;
    this.delays = delays;
  }

  @Override
  public Cluster cluster() {
    return cluster;
  }

  @Override
  public MachineDelays delays() {
    return delays;
  }

  @Override
  public ModelSummary run(Rule rule, int iterations, long seed) {
    Checks.check(iterations >= 1, "model: iterations must be >= 1, got " + iterations);
    Rule.Simulation simulation = rule.prepare(cluster);
    int m = cluster.executors();
    double[] loads = new double[m];
    for (int e = 0; e < m; e++) {
      loads[e] = delays.load(e);
    }
    double[] factors = new double[m];
    MachineDelays.Sampler sampler = delays.sampler(seed, m);
    double[] ms = new double[iterations];
    double computed = 0;
    double wasted = 0;
    double idle = 0;
    double share = 0;
    double fixed = cluster.fixedMs();
    double coreCount = (double) m * cluster.cores();
    for (int it = 0; it < iterations; it++) {
      sampler.next(factors);
      IterationOutcome o = simulation.run(factors, loads);
      ms[it] = o.spanMs() + fixed;
      computed += o.computedTaskMs();
      wasted += o.wastedTaskMs();
      share += o.dataShare();
      idle += Math.max(0.0, coreCount * o.spanMs() - o.computedTaskMs());
    }
    double mean = Arrays.stream(ms).average().orElse(Double.NaN);
    Arrays.sort(ms);
    return new ModelSummary(
        rule.spec(),
        delays.spec(),
        m,
        cluster.cores(),
        cluster.tasks(),
        iterations,
        mean,
        quantile(ms, 0.5),
        quantile(ms, 0.95),
        computed / iterations / 1000,
        wasted / iterations / 1000,
        idle / iterations / 1000,
        share / iterations,
        "");
  }

  /** The q-quantile of sorted values, linearly interpolated. */
  static double quantile(double[] sorted, double q) {
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }
}
