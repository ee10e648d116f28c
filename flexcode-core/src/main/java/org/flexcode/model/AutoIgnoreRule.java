package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.adaptive.internal.TaskTimes;

/**
 * {@code ignore:b=auto,floor=0.75,window=5} in the model: before each simulated iteration the
 * engine's own {@link BackupChooser} picks b from the simulated history (a task that had not
 * finished when the iteration ended counts as censored at that moment, as the engine sees a
 * cancelled task), then the iteration ends at the first n - b arrivals, or at the chooser's
 * deadline ({@link BackupChooser#DEADLINE_FACTOR} x the time the floor's quorum arrived) with the
 * tasks finished by then, as the engine does.
 */
record AutoIgnoreRule(double floor, int window) implements Rule {

  /** Checks floor and window as the engine's chooser does. */
  AutoIgnoreRule {
    BackupChooser.checkFloor(floor);
    BackupChooser.checkWindow(window);
  }

  @Override
  public String spec() {
    return "ignore:b=auto,floor=" + Checks.num(floor) + ",window=" + window;
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int n = cluster.tasks();
    long[] records = new long[n];
    Arrays.fill(records, 1);
    BackupChooser chooser = new BackupChooser(records, floor, window);
    int[] b = new int[1];
    PrefixSimulation.Stopping stopping =
        new PrefixSimulation.Stopping() {
          @Override
          public boolean done(BitSet finished) {
            return finished.cardinality() >= n - b[0];
          }

          @Override
          public int count() {
            return n - b[0];
          }

          @Override
          public double dataShare(int tasks) {
            return (double) (n - b[0]) / tasks;
          }

          @Override
          public double deadlineMs(java.util.function.IntToDoubleFunction arrivalMs) {
            int quorum = n - chooser.maxB();
            return b[0] < chooser.maxB()
                ? BackupChooser.DEADLINE_FACTOR * arrivalMs.applyAsDouble(quorum - 1)
                : Double.POSITIVE_INFINITY;
          }
        };
    double[] blocks = new double[n];
    Arrays.fill(blocks, 1.0);
    PrefixSimulation simulation = new PrefixSimulation(cluster, blocks, stopping, false);
    return (factors, loads) -> {
      b[0] = chooser.choose().b();
      IterationOutcome outcome = simulation.run(factors, loads);
      double end = outcome.spanMs();
      double[] ms = new double[n];
      BitSet censored = new BitSet(n);
      for (int i = 0; i < n; i++) {
        double finish = simulation.finishOf(i);
        censored.set(i, finish > end);
        ms[i] = Math.min(finish, end);
      }
      chooser.observe(new TaskTimes(ms, censored, cluster.fixedMs()));
      return outcome;
    };
  }

  @Override
  public String toString() {
    return spec();
  }
}
