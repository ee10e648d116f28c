package org.flexcode.aggregation.strategy.auto;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.flexcode.adaptive.internal.ModeChoice;
import org.flexcode.adaptive.internal.ModeChooser;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.copies.internal.CopiesLaunchSource;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.copies.internal.StealDecoder;
import org.flexcode.aggregation.copies.internal.StealLaunches;
import org.flexcode.aggregation.copies.internal.StealPlan;
import org.flexcode.aggregation.rules.internal.IgnoreDecoder;
import org.flexcode.coding.GradientCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Auto} bound: before each iteration asks its {@link ModeChooser} for the mode; decides as
 * {@link StealDecoder} does in bsp and steal (every chunk once, exact), and in ignore:b when the
 * home chunks of all but b workers have arrived (the arrived home chunks rescaled by all records /
 * records aggregated, as {@link IgnoreDecoder}); after each iteration hands the chooser the home
 * chunks' times. Holds state across iterations: one per engine. The engine hands it the layout's
 * {@link StealPlan} ({@link #launches}) before the first iteration.
 */
final class AutoDecoder implements BoundStrategy, Adaptive, CopiesLaunchSource {

  private static final Logger LOG = LoggerFactory.getLogger(AutoDecoder.class);

  private final Auto strategy;
  private final GradientCode code;
  private final long[] taskRecords;
  private final StealDecoder exact;
  private int[] workerOf;
  private StealPlan plan;
  private int workers;
  private ModeChooser chooser;
  private StealLaunches stealing; // null with one executor: each home chunk its own worker
  private volatile ModeChoice choice;

  AutoDecoder(Auto strategy, GradientCode code, long[] taskRecords) {
    this.strategy = strategy;
    this.code = code;
    this.taskRecords = taskRecords.clone();
    this.exact = new StealDecoder(strategy, strategy.copies(), code);
  }

  /**
   * Binds the chooser to {@code plan} (a worker per executor; with one executor, a worker per home
   * chunk) and returns the launches: {@code stealing}'s in steal mode, the home copies alone in the
   * others.
   */
  @Override
  public LateLaunchPolicy launches(StealPlan plan, StealLaunches stealing) {
    int chunks = plan.numChunks();
    this.workerOf = new int[chunks];
    this.plan = plan;
    long[] records = new long[chunks];
    for (int c = 0; c < chunks; c++) {
      workerOf[c] = plan.executors() == 1 ? c : plan.executorOf(plan.taskOf(c, 0));
      records[c] = taskRecords[plan.taskOf(c, 0)];
    }
    this.workers = Arrays.stream(workerOf).max().orElse(0) + 1;
    this.stealing = plan.executors() == 1 ? null : stealing;
    this.chooser =
        new ModeChooser(
            workerOf,
            records,
            strategy.exact(),
            strategy.floor(),
            AutoFamily.WINDOW,
            CopiesSpec.DEFAULT_LATE,
            plan.chunksPerBlock());
    return new AutoLaunches(this, stealing, plan);
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  @Override
  public GradientCode code() {
    return code;
  }

  /** Whether no straggler was seen in the last iterations ({@link ModeChooser#calm}). */
  boolean calm() {
    return chooser.calm();
  }

  /** The mode of the current iteration (bsp before the first). */
  ModeChoice.Mode mode() {
    ModeChoice current = choice;
    return current == null ? ModeChoice.Mode.BSP : current.mode();
  }

  @Override
  public String beforeIteration(int iteration) {
    if (chooser == null) {
      throw new IllegalStateException("auto: the engine did not hand over the steal layout");
    }
    ModeChoice previous = choice;
    choice = chooser.choose();
    if (choice.switched()) {
      LOG.info(
          "FlexCode iteration {}: auto switches from {} to {}: {}",
          iteration,
          previous == null ? "bsp" : previous.label(),
          choice.label(),
          choice.reason());
    }
    return choice.reason();
  }

  /**
   * Hands the chooser the home chunks' times (tasks 0 .. C-1 of the engine's) and the worker that
   * ran each (a holder may have run it; -1 where unknown).
   */
  @Override
  public void afterIteration(TaskTimes times) {
    int chunks = workerOf.length;
    BitSet censored = times.censored().get(0, chunks);
    double[] ms = Arrays.copyOf(times.responseMs(), chunks);
    String[] executors = times.executors();
    int[] ranBy = new int[chunks];
    for (int c = 0; c < chunks; c++) {
      ranBy[c] = stealing == null ? c : stealing.plannedIndexOf(executors[c]);
    }
    chooser.observe(new TaskTimes(ms, censored, times.overheadMs()), ranBy);
  }

  /**
   * Hands the chooser each worker's gradient: the sum of its home chunks' results, each from
   * whichever copy arrived (null for a worker with a chunk missing); nothing with {@code
   * exact=true}, which never weighs ignore.
   */
  @Override
  public boolean readsResultValues() {
    return !strategy.exact();
  }

  @Override
  public void afterResults(Map<Integer, PartialResult> results, int length) {
    if (strategy.exact()) {
      return;
    }
    double[][] sums = new double[workers][];
    boolean[] missing = new boolean[workers];
    for (int c = 0; c < workerOf.length; c++) {
      PartialResult arrived = firstCopyIn(c, results);
      int w = workerOf[c];
      if (arrived == null) {
        missing[w] = true;
        continue;
      }
      sums[w] = sums[w] == null ? new double[length] : sums[w];
      arrived.values().addScaledSliceTo(sums[w], 0, 1.0);
    }
    for (int w = 0; w < workers; w++) {
      sums[w] = missing[w] ? null : sums[w];
    }
    chooser.observeGradients(sums);
  }

  private PartialResult firstCopyIn(int chunk, Map<Integer, PartialResult> results) {
    for (int k = 0; k < plan.copies(); k++) {
      PartialResult r = results.get(plan.taskOf(chunk, k));
      if (r != null && r.values() != null) {
        return r;
      }
    }
    return null;
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    Optional<Decision> all = exact.decide(arrivals, finished);
    ModeChoice current = choice;
    if (all.isPresent() || current == null || current.mode().isExact()) {
      return all;
    }
    return ignoring(current.b(), finished);
  }

  /** Ignore mode: the arrived home chunks, once all but {@code b} workers have all of theirs. */
  private Optional<Decision> ignoring(int b, BitSet finished) {
    int chunks = workerOf.length;
    boolean[] missing = new boolean[workers];
    List<Integer> used = new ArrayList<>();
    for (int c = 0; c < chunks; c++) {
      if (finished.get(c)) {
        used.add(c);
      } else {
        missing[workerOf[c]] = true;
      }
    }
    int incomplete = 0;
    for (boolean m : missing) {
      incomplete += m ? 1 : 0;
    }
    if (incomplete > b) {
      return Optional.empty();
    }
    long[] homeRecords = Arrays.copyOf(taskRecords, chunks);
    Decision rescaled = IgnoreDecoder.rescaled(code.numTasks(), used, homeRecords);
    return Optional.of(
        new Decision(rescaled.weights(), rescaled.used(), Math.sqrt(chunks - used.size()), false));
  }

  /** The first copy of each chunk that arrived; missing chunks count 0 (inexact). */
  @Override
  public Decision bestEffort(BitSet finished) {
    return exact.bestEffort(finished);
  }
}
