package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.adaptive.internal.ClusterFormer;
import org.flexcode.adaptive.internal.ClusterLayout;
import org.flexcode.adaptive.internal.Clustering;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.coding.GradientCode;

/**
 * {@code gcdc:s=1,clusters=2} in the model: before each simulated iteration the engine's own {@link
 * ClusterFormer} re-forms the clusters from the simulated history (a task that had not finished
 * when the iteration ended counts as censored at that moment, as the engine sees a cancelled task,
 * and each task's executor is the cluster's placement, as the engine learns it from the results);
 * every task computes the s+1 blocks of its slot, and the iteration ends the first time the slots
 * of the finished tasks decode as FRC within every cluster.
 */
record GcdcRule(int s, int clusters) implements Rule {

  /** Checks s and clusters. */
  GcdcRule {
    Checks.check(s >= 0, "gcdc: s (stragglers per cluster) must be >= 0, got " + s);
    Checks.check(clusters >= 1, "gcdc: clusters must be >= 1, got " + clusters);
  }

  @Override
  public String spec() {
    return "gcdc:s=" + s + ",clusters=" + clusters;
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int n = cluster.tasks();
    ClusterFormer former = new ClusterFormer(new ClusterLayout(n, clusters, s));
    GradientCode slots = GradientCode.fractionalRepetition(n, s);
    Clustering[] current = new Clustering[1];
    PrefixSimulation.Stopping stopping =
        new PrefixSimulation.Stopping() {
          @Override
          public boolean done(BitSet finished) {
            return slots.isDecodable(current[0].slotsOf(finished));
          }

          @Override
          public BitSet used(BitSet finished) {
            BitSet usedSlots = slots.decode(current[0].slotsOf(finished)).usedTasks();
            BitSet used = new BitSet(n);
            finished.stream().filter(t -> usedSlots.get(current[0].slotOf(t))).forEach(used::set);
            return used;
          }
        };
    String[] executors = new String[n];
    for (int i = 0; i < n; i++) {
      executors[i] = "executor " + cluster.executorOf(i);
    }
    double[] blocks = new double[n];
    Arrays.fill(blocks, s + 1.0);
    PrefixSimulation simulation = new PrefixSimulation(cluster, blocks, stopping, false);
    return (factors, loads) -> {
      current[0] = former.form();
      IterationOutcome outcome = simulation.run(factors, loads);
      double end = outcome.spanMs();
      double[] ms = new double[n];
      BitSet censored = new BitSet(n);
      for (int i = 0; i < n; i++) {
        double finish = simulation.finishOf(i);
        censored.set(i, finish > end);
        ms[i] = Math.min(finish, end);
      }
      former.observe(new TaskTimes(ms, censored, cluster.fixedMs(), executors));
      return outcome;
    };
  }

  @Override
  public String toString() {
    return spec();
  }
}
