package org.flexcode.model;

import java.util.BitSet;
import org.flexcode.adaptive.BackupChooser;
import org.flexcode.adaptive.ModeChoice;
import org.flexcode.adaptive.ModeChooser;
import org.flexcode.adaptive.TaskTimes;
import org.flexcode.aggregation.StrategyDefaults;

/**
 * {@code auto:exact=false} in the model: before each simulated iteration the engine's own {@link
 * ModeChooser}, with the engine's window and late multiplier ({@link StrategyDefaults}), picks bsp,
 * steal ({@link StealRule} at r copies, chunks per block) or ignore:b (the b slowest executors left
 * out, b up to the largest that keeps {@code floor} of the blocks, by default {@link
 * StrategyDefaults#AUTO_FLOOR}: the model's {@code ignore} over their b x n / M tasks), then the
 * iteration runs that rule. bsp mode runs as the engine runs it: block tasks at home while the
 * chooser is calm, else chunk tasks that idle holders take from a slow executor ({@code steal} with
 * no late copies). The chooser sees each block's home time at the granularity of blocks (the engine
 * sees chunks): the bsp schedule's finish time of the block, censored at the iteration's end when
 * the chosen mode did not wait for it, as the engine sees a superseded or cancelled home copy.
 */
final class AutoRule implements Rule {

  private final boolean exact;
  private final int r;
  private final int chunks;
  private final double floor;

  AutoRule(boolean exact, int r, int chunks, double floor) {
    Checks.check(r >= 1, "auto: r (copies of each chunk) must be >= 1, got " + r);
    Checks.check(chunks >= 1, "auto: chunks (per block) must be >= 1, got " + chunks);
    BackupChooser.checkFloor(floor);
    this.exact = exact;
    this.r = r;
    this.chunks = chunks;
    this.floor = floor;
  }

  @Override
  public String spec() {
    return "auto:exact="
        + exact
        + (r != StrategyDefaults.STEAL_COPIES ? ",r=" + r : "")
        + (chunks != StrategyDefaults.STEAL_CHUNKS ? ",chunks=" + chunks : "")
        + (floor != StrategyDefaults.AUTO_FLOOR ? ",floor=" + Checks.num(floor) : "");
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int n = cluster.tasks();
    int[] workerOf = new int[n];
    long[] records = new long[n];
    for (int i = 0; i < n; i++) {
      workerOf[i] = cluster.executorOf(i);
      records[i] = 1;
    }
    ModeChooser chooser =
        new ModeChooser(
            workerOf,
            records,
            exact,
            floor,
            StrategyDefaults.IGNORE_WINDOW,
            StrategyDefaults.STEAL_LATE,
            chunks);
    PrefixSimulation bsp = (PrefixSimulation) Rule.bsp().prepare(cluster);
    Simulation steal = Rule.steal(r, chunks).prepare(cluster);
    Simulation chunkTasks = Rule.steal(r, chunks, 0.0).prepare(cluster);
    Simulation[] ignore = new Simulation[n];
    return (factors, loads) -> {
      ModeChoice choice = chooser.choose();
      IterationOutcome all = bsp.run(factors, loads);
      IterationOutcome outcome =
          switch (choice.mode()) {
            case BSP -> chooser.calm() ? all : chunkTasks.run(factors, loads);
            case STEAL -> steal.run(factors, loads);
            case IGNORE ->
                ignoring(ignore, tasksOf(choice.b(), cluster), cluster).run(factors, loads);
          };
      double end = outcome.spanMs();
      double[] ms = new double[n];
      BitSet censored = new BitSet(n);
      for (int i = 0; i < n; i++) {
        double finish = bsp.finishOf(i);
        censored.set(i, finish > end);
        ms[i] = Math.min(finish, end);
      }
      chooser.observe(new TaskTimes(ms, censored, cluster.fixedMs()));
      return outcome;
    };
  }

  /** The tasks of b executors (n / M each, round-robin), fewer than n. */
  private static int tasksOf(int b, Cluster cluster) {
    return Math.min(cluster.tasks() - 1, b * cluster.tasks() / cluster.executors());
  }

  private static Simulation ignoring(Simulation[] cache, int b, Cluster cluster) {
    if (cache[b] == null) {
      cache[b] = Rule.ignore(b).prepare(cluster);
    }
    return cache[b];
  }

  @Override
  public String toString() {
    return spec();
  }
}
