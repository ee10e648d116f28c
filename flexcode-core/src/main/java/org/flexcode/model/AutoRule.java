package org.flexcode.model;

import java.util.BitSet;
import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.adaptive.internal.ModeChoice;
import org.flexcode.adaptive.internal.ModeChooser;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.strategy.auto.AutoFamily;

/**
 * {@code auto:exact=false} in the model: before each simulated iteration the engine's own {@link
 * ModeChooser}, with the engine's window and late multiplier (the strategy's own), picks bsp, steal
 * ({@link StealRule} at r copies, chunks per block) or ignore:b (the b slowest executors left out,
 * b up to the largest that keeps {@code floor} of the blocks, by default {@link AutoFamily#FLOOR}:
 * the model's {@code ignore} over their b x n / M tasks), then the iteration runs that rule. bsp
 * mode runs as the engine runs it: block tasks at home while the chooser is calm, else chunk tasks
 * that idle holders take from a slow executor ({@code steal} with no late copies). The chooser sees
 * what the engine's sees: each home chunk's time and the executor that ran it (when chunk tasks
 * ran, the copy that arrived first; else its block's finish at home, censored at the iteration's
 * end when the mode did not wait for it), and the workers' gradient spread when the cluster has one
 * ({@link Cluster#gradientSpread}), as the engine measures it after every iteration.
 */
final class AutoRule implements Rule {

  private final boolean exact;
  private final int r;
  private final int chunks;
  private final double floor;
  private final int window;
  private final double late;

  AutoRule(boolean exact, int r, int chunks, double floor) {
    this(exact, r, chunks, floor, AutoFamily.WINDOW, CopiesSpec.DEFAULT_LATE);
  }

  /** As the engine's {@code auto}, its chooser reading {@code window} iterations, late copies. */
  AutoRule(boolean exact, int r, int chunks, double floor, int window, double late) {
    Checks.check(r >= 1, "auto: r (copies of each chunk) must be >= 1, got " + r);
    Checks.check(chunks >= 1, "auto: chunks (per block) must be >= 1, got " + chunks);
    BackupChooser.checkFloor(floor);
    this.exact = exact;
    this.r = r;
    this.chunks = chunks;
    this.floor = floor;
    this.window = window;
    this.late = late;
  }

  @Override
  public String spec() {
    return "auto:exact="
        + exact
        + (r != CopiesSpec.DEFAULT_COPIES ? ",r=" + r : "")
        + (chunks != CopiesSpec.DEFAULT_CHUNKS ? ",chunks=" + chunks : "")
        + (floor != AutoFamily.FLOOR ? ",floor=" + Checks.num(floor) : "");
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int homeChunks = cluster.tasks() * chunks;
    int[] workerOf = new int[homeChunks];
    long[] records = new long[homeChunks];
    for (int q = 0; q < homeChunks; q++) {
      workerOf[q] = cluster.executorOf(q / chunks);
      records[q] = 1;
    }
    ModeChooser chooser = new ModeChooser(workerOf, records, exact, floor, window, late, chunks);
    PrefixSimulation bsp = (PrefixSimulation) Rule.bsp().prepare(cluster);
    StealSimulation steal = (StealSimulation) Rule.steal(r, chunks, late).prepare(cluster);
    StealSimulation chunkTasks = (StealSimulation) Rule.steal(r, chunks, 0.0).prepare(cluster);
    Simulation[] ignore = new Simulation[cluster.tasks()];
    return (factors, loads) -> {
      ModeChoice choice = chooser.choose();
      IterationOutcome all = bsp.run(factors, loads);
      StealSimulation chunked =
          switch (choice.mode()) {
            case BSP -> chooser.calm() ? null : chunkTasks;
            case STEAL -> steal;
            case IGNORE -> null;
          };
      IterationOutcome outcome =
          chunked != null
              ? chunked.run(factors, loads)
              : choice.mode() == ModeChoice.Mode.IGNORE
                  ? ignoring(ignore, tasksOf(choice.b(), cluster), cluster).run(factors, loads)
                  : all;
      chooser.observe(homeTimes(bsp, chunked, outcome.spanMs(), cluster), ranBy(chunked, workerOf));
      if (!Double.isNaN(cluster.gradientSpread())) {
        chooser.observeSpread(cluster.gradientSpread());
      }
      return outcome;
    };
  }

  /**
   * Each home chunk's time as the engine records it: where chunk tasks ran, when the chunk's first
   * copy arrived (every chunk arrives: the mode is exact); else its block's finish in the bsp
   * schedule, censored at the iteration's end when the mode did not wait for it.
   */
  private TaskTimes homeTimes(
      PrefixSimulation bsp, StealSimulation chunked, double end, Cluster cluster) {
    int homeChunks = cluster.tasks() * chunks;
    double[] ms = new double[homeChunks];
    BitSet censored = new BitSet(homeChunks);
    for (int q = 0; q < homeChunks; q++) {
      if (chunked != null) {
        ms[q] = chunked.arrivalOf(q);
      } else {
        double finish = bsp.finishOf(q / chunks);
        censored.set(q, finish > end);
        ms[q] = Math.min(finish, end);
      }
    }
    return new TaskTimes(ms, censored, cluster.fixedMs());
  }

  /** Who ran each home chunk: the executor whose copy arrived first, else its home executor. */
  private static int[] ranBy(StealSimulation chunked, int[] workerOf) {
    int[] ran = workerOf.clone();
    if (chunked != null) {
      for (int q = 0; q < ran.length; q++) {
        ran[q] = chunked.ranBy(q);
      }
    }
    return ran;
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
