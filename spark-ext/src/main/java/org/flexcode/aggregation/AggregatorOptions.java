package org.flexcode.aggregation;

import java.util.Locale;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.stragglers.ComputeEmulation;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;

/**
 * Engine settings, immutable. Resolved from Spark conf keys with {@link #fromConf(SparkConf)}:
 *
 * <ul>
 *   <li>{@code spark.flexcode.cancelStragglers} (true): cancel unfinished tasks once decodable;
 *   <li>{@code spark.flexcode.onUndecodable} ({@code fail}): when Spark gives up on tasks the code
 *       cannot do without, {@code fail} with an error naming the iteration and blocks, or use the
 *       least-squares best {@code approximate} and log its residual;
 *   <li>{@code spark.flexcode.storageLevel} ({@code MEMORY_AND_DISK}): how coded partitions cache;
 *   <li>{@code spark.flexcode.maxResubmits} (3): how often one iteration may resubmit the tasks it
 *       still needs after Spark aborted its job;
 *   <li>{@code spark.flexcode.stragglers} (none): a straggler pattern to inject into every task,
 *       e.g. {@code slow-worker:p=0.2,max=2} (experiments and demos; see {@link
 *       StragglerPattern#parse}), seeded by {@code spark.flexcode.stragglers.seed} (7);
 *   <li>{@code spark.flexcode.compute} ({@code real}): {@code emulated:block-ms=T} makes every task
 *       sleep T ms per block it computes, times its straggler factor ({@link ComputeEmulation});
 *   <li>{@code spark.flexcode.numTasks} (0): the primary tasks; 0 leaves the choice to {@link
 *       #numTasks} 's rule ({@link #TASKS_FROM_INPUT} for the engine, the cluster's cores for the
 *       Estimators).
 *   <li>{@code spark.flexcode.results.inlineMaxBytes} ({@code 16m}): the most an iteration's task
 *       results bring to the driver, summed; a result larger (packed) than its share (this over the
 *       iteration's tasks) stays in its executor's block manager and the decode runs there, so the
 *       driver receives one combined vector per executor instead of one per task; {@code inf} sends
 *       every result to the driver, {@code 0} keeps every non-empty one on its executor.
 * </ul>
 *
 * <p>{@code workload} and {@code plannedIterations} only label jobs in the Spark UI ("FlexCode lr
 * iteration 7/100 (cyclic s=1)"); {@code injector} injects a straggler pattern into every task
 * (none by default; {@code spark.flexcode.stragglers}). Tests force chosen tasks to straggle with
 * {@link EngineTestHooks}, not through these options.
 */
public record AggregatorOptions(
    String workload,
    int plannedIterations,
    boolean cancelStragglers,
    boolean approximateWhenUndecodable,
    StorageLevel storageLevel,
    int maxResubmits,
    StragglerInjector injector,
    int numTasks,
    long inlineMaxBytes) {

  /** {@link #numTasks} asking for one task per partition of the input (the engine's default). */
  public static final int TASKS_FROM_INPUT = 0;

  /**
   * {@link #numTasks} asking for one task per executor core of the cluster (the Estimators' and
   * jobs' default), at least s + 2 and at most the records.
   */
  public static final int TASKS_FROM_CLUSTER = -1;

  /**
   * {@link #inlineMaxBytes} by default. The executor path pays a Spark job per iteration: 5.6 ms
   * fitted on local[2], about 200 ms per iteration measured on the bench's standalone cluster
   * (docs/BENCHMARKS.md, section Scale); 16 MB reach a driver in about 13 ms at 10 Gbit/s.
   */
  public static final long DEFAULT_INLINE_MAX_BYTES = 16L * 1024 * 1024;

  /** {@link #inlineMaxBytes} keeping every result on the driver's path (no executor combine). */
  public static final long ALWAYS_INLINE = Long.MAX_VALUE;

  /** The Spark conf prefix of every FlexCode key. */
  public static final String PREFIX = "spark.flexcode.";

  /** Validates. */
  public AggregatorOptions {
    if (workload == null || workload.isBlank()) {
      throw new IllegalArgumentException("workload label must not be empty");
    }
    if (plannedIterations < 0) {
      throw new IllegalArgumentException(
          "plannedIterations must be >= 0, got " + plannedIterations);
    }
    if (maxResubmits < 0) {
      throw new IllegalArgumentException(PREFIX + "maxResubmits must be >= 0, got " + maxResubmits);
    }
    if (numTasks < TASKS_FROM_CLUSTER) {
      throw new IllegalArgumentException(PREFIX + "numTasks must be >= 1, got " + numTasks);
    }
    if (inlineMaxBytes < 0) {
      throw new IllegalArgumentException(
          PREFIX + "results.inlineMaxBytes must be >= 0, got " + inlineMaxBytes);
    }
    if (storageLevel == null || injector == null) {
      throw new IllegalArgumentException("storageLevel and injector must not be null");
    }
  }

  /** Defaults: label "aggregate", cancel stragglers, fail when undecodable, MEMORY_AND_DISK. */
  public static AggregatorOptions defaults() {
    return new AggregatorOptions(
        "aggregate",
        0,
        true,
        false,
        StorageLevel.MEMORY_AND_DISK(),
        3,
        StragglerInjector.none(),
        TASKS_FROM_INPUT,
        DEFAULT_INLINE_MAX_BYTES);
  }

  /** Defaults overridden by the {@code spark.flexcode.*} keys of {@code conf}. */
  public static AggregatorOptions fromConf(SparkConf conf) {
    AggregatorOptions d = defaults();
    String onUndecodable =
        conf.get(PREFIX + "onUndecodable", "fail").trim().toLowerCase(Locale.ROOT);
    if (!onUndecodable.equals("fail") && !onUndecodable.equals("approximate")) {
      throw new IllegalArgumentException(
          PREFIX + "onUndecodable must be 'fail' or 'approximate', got '" + onUndecodable + "'");
    }
    String level = conf.get(PREFIX + "storageLevel", "MEMORY_AND_DISK");
    StorageLevel storage;
    try {
      storage = StorageLevel.fromString(level.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          PREFIX + "storageLevel: unknown storage level '" + level + "'", e);
    }
    return new AggregatorOptions(
        d.workload,
        d.plannedIterations,
        parseBoolean(conf, PREFIX + "cancelStragglers", true),
        onUndecodable.equals("approximate"),
        storage,
        conf.getInt(PREFIX + "maxResubmits", d.maxResubmits),
        injectorFromConf(conf),
        numTasksFromConf(conf),
        inlineMaxBytesFromConf(conf));
  }

  /** The keys {@link #fromSession} reads from a session's runtime conf. */
  private static final java.util.List<String> KEYS =
      java.util.List.of(
          "cancelStragglers",
          "onUndecodable",
          "storageLevel",
          "maxResubmits",
          "stragglers",
          "stragglers.seed",
          "compute",
          "numTasks",
          "results.inlineMaxBytes");

  /**
   * As {@link #fromConf}, where keys set on the session at run time ({@code
   * spark.conf.set("spark.flexcode.stragglers", ...)}) override the SparkContext's conf.
   */
  public static AggregatorOptions fromSession(org.apache.spark.sql.SparkSession session) {
    SparkConf conf = session.sparkContext().getConf();
    for (String key : KEYS) {
      scala.Option<String> value = session.conf().getOption(PREFIX + key);
      if (value.isDefined()) {
        conf.set(PREFIX + key, value.get());
      }
    }
    return fromConf(conf);
  }

  private static StragglerInjector injectorFromConf(SparkConf conf) {
    ComputeEmulation compute = ComputeEmulation.fromConf(conf);
    String pattern = conf.get(PREFIX + "stragglers", "").trim();
    if (pattern.isEmpty()) {
      return StragglerInjector.none().withCompute(compute);
    }
    String seed = conf.get(PREFIX + "stragglers.seed", "7").trim();
    try {
      return new StragglerInjector(StragglerPattern.parse(pattern), Long.parseLong(seed), compute);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PREFIX + "stragglers.seed must be an integer, got '" + seed + "'", e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(PREFIX + "stragglers: " + e.getMessage(), e);
    }
  }

  private static int numTasksFromConf(SparkConf conf) {
    String v = conf.get(PREFIX + "numTasks", "0").trim();
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PREFIX + "numTasks must be an integer (0: automatic), got '" + v + "'", e);
    }
    if (n < 0) {
      throw new IllegalArgumentException(PREFIX + "numTasks must be >= 0 (0: automatic), got " + n);
    }
    return n;
  }

  /** {@code results.inlineMaxBytes}: a size ("256k", "4m", "0"), or "inf" for always inline. */
  private static long inlineMaxBytesFromConf(SparkConf conf) {
    String key = PREFIX + "results.inlineMaxBytes";
    String v = conf.get(key, Long.toString(DEFAULT_INLINE_MAX_BYTES)).trim();
    if (v.equalsIgnoreCase("inf")) {
      return ALWAYS_INLINE;
    }
    try {
      return org.apache.spark.network.util.JavaUtils.byteStringAsBytes(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " must be a size such as 256k or 4m (or inf), got '" + v + "'", e);
    }
  }

  private static boolean parseBoolean(SparkConf conf, String key, boolean fallback) {
    String v = conf.get(key, Boolean.toString(fallback)).trim().toLowerCase(Locale.ROOT);
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException(key + " must be true or false, got '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  /** A copy with the UI label. */
  public AggregatorOptions withWorkload(String workload, int plannedIterations) {
    return copy(
        f -> {
          f.workload = workload;
          f.plannedIterations = plannedIterations;
        });
  }

  /** A copy that does (or does not) cancel unfinished tasks. */
  public AggregatorOptions withCancelStragglers(boolean cancel) {
    return copy(f -> f.cancelStragglers = cancel);
  }

  /** A copy that approximates (true) or fails (false) when Spark gives up on needed tasks. */
  public AggregatorOptions withApproximateWhenUndecodable(boolean approximate) {
    return copy(f -> f.approximateWhenUndecodable = approximate);
  }

  /**
   * A copy running over {@code numTasks} primary tasks: n > 0 exactly (rounded up to the strategy's
   * task multiple), {@link #TASKS_FROM_INPUT} or {@link #TASKS_FROM_CLUSTER}.
   */
  public AggregatorOptions withNumTasks(int numTasks) {
    return copy(f -> f.numTasks = numTasks);
  }

  /**
   * A copy whose iterations send the driver at most {@code bytes} of task results inline: a result
   * over its share (this over the iteration's tasks) stays on its executor and is combined there;
   * {@link #ALWAYS_INLINE} sends every result to the driver.
   */
  public AggregatorOptions withInlineMaxBytes(long bytes) {
    return copy(f -> f.inlineMaxBytes = bytes);
  }

  /** A copy that injects a straggler pattern into every task (benchmarks). */
  public AggregatorOptions withInjector(StragglerInjector injector) {
    return copy(f -> f.injector = injector);
  }

  /** These options with {@code change} applied to a mutable copy of their fields. */
  private AggregatorOptions copy(Consumer<Fields> change) {
    Fields f = new Fields(this);
    change.accept(f);
    return new AggregatorOptions(
        f.workload,
        f.plannedIterations,
        f.cancelStragglers,
        f.approximateWhenUndecodable,
        f.storageLevel,
        f.maxResubmits,
        f.injector,
        f.numTasks,
        f.inlineMaxBytes);
  }

  /** The record's fields, mutable: what a {@code with} copy changes before it is built. */
  private static final class Fields {
    String workload;
    int plannedIterations;
    boolean cancelStragglers;
    boolean approximateWhenUndecodable;
    StorageLevel storageLevel;
    int maxResubmits;
    StragglerInjector injector;
    int numTasks;
    long inlineMaxBytes;

    Fields(AggregatorOptions o) {
      workload = o.workload;
      plannedIterations = o.plannedIterations;
      cancelStragglers = o.cancelStragglers;
      approximateWhenUndecodable = o.approximateWhenUndecodable;
      storageLevel = o.storageLevel;
      maxResubmits = o.maxResubmits;
      injector = o.injector;
      numTasks = o.numTasks;
      inlineMaxBytes = o.inlineMaxBytes;
    }
  }
}
