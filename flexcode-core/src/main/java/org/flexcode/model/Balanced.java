package org.flexcode.model;

/**
 * Perfect load balancing, the fluid limit of every exact strategy: the total work W = sum over
 * tasks of load(executor) blocks is shared by all cores at once, a core of executor e computing a
 * block in R + T x factor(e) ms (R the unslowed part, see {@link Cluster}), so the span is launch +
 * W / (C x sum_e 1 / (R + T x factor(e))). Nothing is wasted.
 */
final class Balanced implements Rule {

  @Override
  public String spec() {
    return "balanced";
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    return (factors, loads) -> {
      double work = 0;
      for (int i = 0; i < cluster.tasks(); i++) {
        work += loads[cluster.executorOf(i)];
      }
      double rate = 0;
      for (double factor : factors) {
        rate += cluster.cores() / (cluster.unslowedBlockMs() + cluster.blockMs() * factor);
      }
      double span = cluster.costs().taskLaunchMs() + work / rate;
      double coreMs = span * cluster.executors() * cluster.cores();
      return new IterationOutcome(span, coreMs, 0.0);
    };
  }

  @Override
  public String toString() {
    return spec();
  }
}
