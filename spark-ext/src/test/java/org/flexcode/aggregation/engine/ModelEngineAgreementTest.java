package org.flexcode.aggregation.engine;

import static org.flexcode.aggregation.engine.EngineTestSupport.STATISTIC;
import static org.flexcode.aggregation.engine.EngineTestSupport.data;
import static org.flexcode.aggregation.engine.EngineTestSupport.straggling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.model.DecisionReplay;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The model and the engine decide alike: each strategy runs in the engine with a task slot for
 * every task and injected delays drawn from a seed (so the delays set the arrival order), and the
 * model replays the same draws through the same decision code ({@link DecisionReplay}), each task's
 * time the draw plus the launch-to-result time the engine measured for a task with no delay (the
 * model's fitted cost); per iteration the tasks used and the tasks cancelled must be the same, for
 * {@code ssp} the age of each late result used, and for {@code auto} the mode chosen.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[8]")
@Tag("spark")
@Tag("heavy")
class ModelEngineAgreementTest {

  private static final int TASKS = 6;
  private static final int RECORDS = 600;
  private static final int ITERATIONS = 4;
  private static final long GAP_MS = 250;

  /**
   * gcdc's draws start this late: it counts a finished task slower than 1.5 x the median finished
   * time as straggled, and its clusters follow. From six gaps on, every finished task is at most
   * 1.25 x the median of its finished set, so that no task's own launch overhead (up to 400 ms on a
   * loaded machine, against the least one the model adds to all) carries it across that line; the
   * tasks gcdc counts as straggled are then the ones its decode did without, in both.
   */
  private static final long GCDC_OFFSET_MS = 6 * GAP_MS;

  /**
   * ssp's persistent straggler: 11 gaps, so that its result reaches a later iteration well clear of
   * that iteration's own arrivals (the others take 0 to 4 gaps).
   */
  private static final long SSP_STRAGGLER_MS = 11 * GAP_MS;

  private static final int SSP_ITERATIONS = 3;

  private static final int AUTO_ITERATIONS = 5;

  /**
   * Each home chunk's time (and its copy's) in every iteration: 150 ms apart but for chunk 3, four
   * times the slowest other.
   */
  private static final double[] AUTO_CHUNK_MS = {150, 450, 750, 2400, 300, 600};

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bsp",
        "ignore:b=2",
        "frc:s=1",
        "cyclic:s=2",
        "shadow:m=2,f=0.25,selector=random",
        "hybrid:s=1,m=2,f=0.25,selector=random",
        "ignore:b=auto",
        "gcdc:s=1,clusters=3"
      })
  void usesAndCancelsTheSameTasksEveryIteration(String spec, JavaSparkContext jsc) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    long seed = spec.hashCode();
    BoundStrategy bound = strategy.bind(TASKS, equalBlocks());
    double[][] delays = new double[ITERATIONS][];
    double offset = spec.startsWith("gcdc") ? GCDC_OFFSET_MS : 0;
    for (int it = 0; it < ITERATIONS; it++) {
      delays[it] = draws(seed + it, bound.numTasks());
      for (int t = 0; t < delays[it].length; t++) {
        delays[it][t] += offset;
      }
    }
    AggregatorOptions options =
        straggling(EngineTestSupport.options().withNumTasks(TASKS), hookOf(delays));
    DecisionReplay model = new DecisionReplay(bound);
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), strategy, options)) {
      for (int it = 0; it < ITERATIONS; it++) {
        IterationRecord record = engine.aggregate(1.0, STATISTIC, 3).record();
        DecisionReplay.Replayed replayed =
            model.next(withBase(delays[it], record), executors(record, bound.code().numTasks()));
        String what = spec + " iteration " + it + ": delays " + Arrays.toString(delays[it]);
        assertEquals(tasks(replayed.used()), sorted(record.usedTasks()), what + " used");
        assertEquals(
            tasks(replayed.cancelled()), sorted(record.cancelledTasks()), what + " cancelled");
      }
    }
  }

  /**
   * {@code ssp} keeps its straggler running across iterations and applies its result late: per
   * iteration the same results used, each late one at the same age. Task {@code straggler} (drawn
   * from the seed) takes {@link #SSP_STRAGGLER_MS} whenever it runs, the others distinct multiples
   * of the gap; a task that lags gets no new run, so its later draws go unused, in both.
   */
  @ParameterizedTest
  @ValueSource(strings = {"ssp:staleness=1,b=1", "ssp:staleness=2,b=1"})
  void appliesTheSameLateResultsAtTheSameAgesEveryIteration(String spec, JavaSparkContext jsc) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    long seed = spec.hashCode();
    int straggler = new Random(seed).nextInt(TASKS);
    double[][] delays = new double[SSP_ITERATIONS][];
    for (int it = 0; it < SSP_ITERATIONS; it++) {
      double[] others = draws(seed + it, TASKS - 1);
      delays[it] = new double[TASKS];
      for (int t = 0, k = 0; t < TASKS; t++) {
        delays[it][t] = t == straggler ? SSP_STRAGGLER_MS : others[k++];
      }
    }
    AggregatorOptions options =
        straggling(EngineTestSupport.options().withNumTasks(TASKS), hookOf(delays));
    DecisionReplay model = new DecisionReplay(strategy.bind(TASKS, equalBlocks()));
    boolean lateApplied = false;
    try (CodedAggregator<Double> engine =
        CodedAggregator.create(data(jsc, RECORDS, TASKS), strategy, options)) {
      for (int it = 0; it < SSP_ITERATIONS; it++) {
        IterationRecord record = engine.aggregate(1.0, STATISTIC, 3).record();
        DecisionReplay.Replayed replayed =
            model.next(withBase(delays[it], record), executors(record, TASKS));
        String what = spec + " iteration " + it + ": delays " + Arrays.toString(delays[it]);
        assertEquals(tasks(replayed.used()), sorted(record.usedTasks()), what + " used");
        assertEquals(replayed.staleAges(), record.staleResults(), what + " late results' ages");
        assertEquals(
            tasks(replayed.cancelled()), sorted(record.cancelledTasks()), what + " cancelled");
        lateApplied |= !record.staleResults().isEmpty();
      }
    }
    assertTrue(lateApplied, spec + ": the straggler's result was applied late at least once");
  }

  /**
   * {@code auto} chooses the same mode every iteration and uses the same chunks. Local mode caches
   * r=2 copies of each block's one chunk (home copies tasks 0-5, second copies 6-11), each home
   * chunk its own worker. Each chunk takes the same time every iteration ({@link #AUTO_CHUNK_MS}),
   * wherever it runs: a copy takes as long as its home copy, so a late copy in steal mode never
   * beats it, and the model, which runs the home copies alone, ends a steal iteration when the
   * engine does. With {@code exact=false} the engine's auto also weighs the spread of the workers'
   * gradients: the model is handed the results the engine received in the same iteration, over
   * records dealt round-robin into the blocks (as shuffled data is), so that leaving workers out
   * costs little progress and ignore is chosen.
   */
  @ParameterizedTest
  @ValueSource(strings = {"auto:exact=true,r=2,chunks=1", "auto:exact=false,r=2,chunks=1"})
  void choosesTheSameModeEveryIteration(String spec, JavaSparkContext jsc) {
    AggregationStrategy strategy = AggregationStrategy.parse(spec);
    int tasks = 2 * TASKS;
    double[][] delays = new double[AUTO_ITERATIONS][tasks];
    for (double[] row : delays) {
      for (int c = 0; c < TASKS; c++) {
        row[c] = AUTO_CHUNK_MS[c];
        row[TASKS + c] = AUTO_CHUNK_MS[c];
      }
    }
    Map<Integer, Map<Integer, PartialResult>> results = new ConcurrentHashMap<>();
    EngineTestHooks.watchArrivals(
        r -> {
          if (r.values() != null) {
            results
                .computeIfAbsent(r.iteration(), i -> new ConcurrentHashMap<>())
                .putIfAbsent(r.task(), r);
          }
        });
    AggregatorOptions options =
        straggling(EngineTestSupport.options().withNumTasks(TASKS), hookOf(delays));
    Set<String> modes = new TreeSet<>();
    try (CodedAggregator<Double> engine = CodedAggregator.create(dealt(jsc), strategy, options)) {
      assertEquals(tasks, engine.code().numTasks(), spec + ": two copies of six chunks");
      long[] records = new long[tasks];
      Arrays.fill(records, RECORDS / TASKS);
      DecisionReplay model = new DecisionReplay(engine.strategy().bind(engine.code(), records));
      for (int it = 0; it < AUTO_ITERATIONS; it++) {
        IterationRecord record = engine.aggregate(1.0, STATISTIC, 3).record();
        double[] finishMs = withBase(delays[it], record);
        Arrays.fill(finishMs, TASKS, tasks, Double.POSITIVE_INFINITY); // after their home copies
        DecisionReplay.Replayed replayed =
            model.next(finishMs, executors(record, tasks), results.getOrDefault(it, Map.of()), 3);
        String what = spec + " iteration " + it + ": " + record.choice();
        String mode = modeOf(record.choice());
        assertEquals(mode, modeOf(replayed.choice()), what + "; model: " + replayed.choice());
        assertEquals(tasks(replayed.used()), sorted(record.usedTasks()), what + " used");
        modes.add(mode);
      }
    }
    assertTrue(modes.size() >= 2, spec + ": switches mode at least once: " + modes);
  }

  /** Values 1..RECORDS, block b holding b + 1, b + 1 + TASKS, b + 1 + 2 x TASKS, ... */
  private static JavaRDD<Double> dealt(JavaSparkContext jsc) {
    List<Double> values = new ArrayList<>();
    for (int b = 0; b < TASKS; b++) {
      for (int v = b + 1; v <= RECORDS; v += TASKS) {
        values.add((double) v);
      }
    }
    return jsc.parallelize(values, TASKS);
  }

  /** The mode label the choice starts with ({@code mode=steal; ...}). */
  private static String modeOf(String choice) {
    return choice.substring(0, Math.max(0, choice.indexOf(';')));
  }

  private static StragglerHook hookOf(double[][] delays) {
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < delays.length; it++) {
      for (int t = 0; t < delays[it].length; t++) {
        hook = hook.and(it, t, (long) delays[it][t]);
      }
    }
    return hook;
  }

  /** Each task a distinct multiple of the gap, in a seeded order. */
  private static double[] draws(long seed, int tasks) {
    List<Integer> ranks = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      ranks.add(t);
    }
    Collections.shuffle(ranks, new Random(seed));
    double[] ms = new double[tasks];
    for (int t = 0; t < tasks; t++) {
      ms[t] = GAP_MS * ranks.get(t);
    }
    return ms;
  }

  /**
   * The draws plus what a task with no delay took from submission to its result in this iteration
   * (launch and compute, the model's fitted costs; from the iteration's own results, not the late
   * ones of earlier iterations): the times the adaptive strategies learn from.
   */
  private static double[] withBase(double[] delays, IterationRecord record) {
    double base = Double.POSITIVE_INFINITY;
    for (TaskTiming t : record.finished()) {
      if (!record.staleResults().containsKey(t.task())) {
        base = Math.min(base, t.finishMs() - record.submitMs() - delays[t.task()]);
      }
    }
    double[] ms = delays.clone();
    for (int t = 0; t < ms.length; t++) {
      ms[t] += Math.max(0, base);
    }
    return ms;
  }

  /** Where each primary ran, as its result said (null where none arrived). */
  private static String[] executors(IterationRecord record, int primaries) {
    String[] executors = new String[primaries];
    for (TaskTiming t : record.finished()) {
      if (t.task() < primaries) {
        executors[t.task()] = t.executorId();
      }
    }
    return executors;
  }

  private static long[] equalBlocks() {
    long[] records = new long[TASKS];
    Arrays.fill(records, RECORDS / TASKS);
    return records;
  }

  private static List<Integer> tasks(BitSet set) {
    return set.stream().boxed().toList();
  }

  private static List<Integer> sorted(List<Integer> tasks) {
    return tasks.stream().sorted().toList();
  }
}
