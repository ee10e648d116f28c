package org.flexcode.model;

/**
 * Perfect load balancing, the fluid limit of every exact strategy: the total work W = sum over
 * tasks of T x load(executor) is shared by all cores at once, a core of executor e computing at
 * rate 1 / factor(e), so the span is launch + W / (C x sum_e 1 / factor(e)). Nothing is wasted.
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
        work += cluster.blockMs() * loads[cluster.executorOf(i)];
      }
      double rate = 0;
      for (double factor : factors) {
        rate += cluster.cores() / factor;
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
