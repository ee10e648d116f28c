package org.flexcode.aggregation.copies;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.engine.BlockCounts;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.CodedBlock;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.aggregation.engine.TaskLaunchListener;
import org.flexcode.aggregation.strategy.auto.Auto;
import org.flexcode.aggregation.strategy.steal.Steal;
import org.flexcode.spark.SparkInternals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code steal}'s setup over the input and the registered executors: its {@link StealPlan}, the
 * chunk copies' preferred locations, the input pinned while it is cut, and the records per input
 * block.
 */
public final class StealSetup {

  private static final Logger LOG = LoggerFactory.getLogger(CodedAggregator.class);

  private StealSetup() {}

  /**
   * {@code steal}'s plan over the input's blocks and the registered executors (one in local mode,
   * where every copy shares the driver's executor: stealing degenerates to bsp over chunks plus
   * late copies on free cores); null for the strategies without steal's layout.
   */
  public static StealPlan stealPlan(
      AggregationStrategy strategy, int blocks, List<SparkInternals.Executor> executors) {
    Steal steal = layoutOf(strategy);
    if (steal == null) {
      return null;
    }
    StealPlan plan =
        new StealPlan(blocks, steal.chunks(), steal.copies(), Math.max(1, executors.size()));
    if (executors.size() <= 1) {
      LOG.info(
          "FlexCode: {} with one executor: no other executor to move chunks to; {} chunks run as"
              + " bsp over chunks, with late copies on free cores",
          steal.describe(),
          plan.numChunks());
    } else if (!plan.distinctCopies()) {
      LOG.warn(
          "FlexCode: only {} executors for r={} copies of each chunk; some copies share one",
          executors.size(),
          steal.copies());
    }
    return plan;
  }

  /**
   * {@code strategy} with steal's copies fitted to the {@code executors} registered: r copies need
   * r executors to sit apart, so r is lowered to the executors' count, never below two (with one
   * executor, in local mode, both copies share it, and the second serves late copies on free
   * cores); the other strategies as they are.
   */
  public static AggregationStrategy fitCopies(AggregationStrategy strategy, int executors) {
    Steal layout = layoutOf(strategy);
    int fitted = layout == null ? 0 : Math.min(layout.copies(), Math.max(2, executors));
    if (layout == null || fitted == layout.copies()) {
      return strategy;
    }
    LOG.info(
        "FlexCode: {} asks for r={} copies of each chunk, {} executor(s) registered: caching {}",
        strategy.describe(),
        layout.copies(),
        executors,
        fitted);
    return strategy instanceof Auto auto
        ? new Auto(auto.exact(), fitted, auto.chunks(), auto.floor())
        : new Steal(fitted, layout.chunks(), layout.late(), layout.home());
  }

  /** Setup tasks caching chunk copies per executor: two, for executors' two cores or more. */
  static final int TASKS_PER_EXECUTOR = 2;

  /**
   * {@code steal}'s chunk copies of {@code input} ({@link ChunkRDD}), read from its chunks ({@link
   * PieceRDD}), which are cached and computed first: each input block is read once per chunk, not
   * once per copy (12 readers per block at r=3, chunks=4, each fetching and deserializing the whole
   * block: in session 23's real-compute bench, caching took 7.0-12.5 s that way, 4.6-4.9 s warm
   * with chunks cut once and the setup tasks grouped, bsp's 0.6-2.5 s). An uncached input is
   * cached, and one task cuts all the chunks of a block (computing the block once, then reading its
   * cached records), so every chunk of a block reads the same records in the same order (a
   * shuffle's output order may differ between reads, and chunks are cut by position). {@link
   * Chunked#release} drops both once the copies are cached; a copy lost later is recomputed from
   * the input again. Each block's task prefers the block's home executor (of {@code executors};
   * none in local mode), where its chunks' home copies are cached next: they read the chunks
   * locally. Unless {@code cutNow}, the chunks are not cached: the job that caches the home copies
   * cuts them ({@link #cacheCopies} with {@code homesOnly}: one task per block too), and a copy
   * made later cuts its chunk from the (pinned) input again.
   */
  public static <T> Chunked<T> chunk(
      JavaRDD<T> input, StealPlan plan, List<SparkInternals.Executor> executors, boolean cutNow) {
    JavaRDD<T> pinned = null;
    if (input.getStorageLevel().equals(StorageLevel.NONE())) {
      pinned = input.persist(StorageLevel.MEMORY_AND_DISK());
    }
    PieceRDD<T> pieces = new PieceRDD<>(input.rdd(), plan);
    pieces.setName("FlexCode steal chunks");
    if (cutNow) {
      pieces.persist(StorageLevel.MEMORY_AND_DISK());
      GroupedCaching.cache(
          pieces, plan, chunksByBlock(plan), blockHomes(plan, executors), record -> 1L);
    }
    return new Chunked<>(new ChunkRDD<>(pieces, plan).toJavaRDD(), pieces, pinned);
  }

  /**
   * Whether {@code strategy} caches only the home copies at setup, the other holders' copies on
   * first use: {@code auto}, whose ignore and calm bsp iterations run home copies alone. A holder
   * that first runs one of a slow executor's chunks cuts its copy from the input block (pinned
   * until the engine closes, if the caller had not cached it) and caches it. Caching the chunks as
   * well cost session 24's emulated setup about 0.3 s: 16 setup tasks on two cores, each cutting
   * and caching four chunks before their home copies.
   */
  public static boolean holdersOnDemand(AggregationStrategy strategy) {
    return strategy instanceof Auto;
  }

  /** Each block's home executor's location (its chunks' copy 0); null in local mode. */
  private static String[] blockHomes(StealPlan plan, List<SparkInternals.Executor> executors) {
    int[][] blocks = chunksByBlock(plan);
    String[] planned = executorLocations(executors);
    String[] homes = planned == null ? null : new String[blocks.length];
    for (int b = 0; homes != null && b < blocks.length; b++) {
      homes[b] = planned[plan.executorOf(plan.taskOf(blocks[b][0], 0))];
    }
    return homes;
  }

  /**
   * Caches the chunk copies of {@code coded} on their planned executors and counts each copy's
   * records ({@link GroupedCaching}): every copy, {@link #TASKS_PER_EXECUTOR} tasks per executor;
   * or, when {@code homesOnly}, the home copies alone, one task per block at its home (which cuts
   * the block's chunks if {@link #chunk} did not), a copy not cached counting as its chunk's home
   * copy.
   */
  public static <T> BlockCounts cacheCopies(
      CodedRDD<T> coded,
      StealPlan plan,
      List<SparkInternals.Executor> executors,
      boolean homesOnly) {
    if (homesOnly) {
      int[][] homeCopies = chunksByBlock(plan);
      for (int[] block : homeCopies) {
        Arrays.setAll(block, k -> plan.taskOf(block[k], 0));
      }
      long[] records =
          GroupedCaching.cache(
              coded, plan, homeCopies, blockHomes(plan, executors), StealSetup::recordsOf);
      Arrays.setAll(records, t -> records[plan.taskOf(plan.chunkOf(t), 0)]);
      return new BlockCounts(records, 0);
    }
    int[][] groups = new int[plan.executors() * TASKS_PER_EXECUTOR][];
    String[] planned = executorLocations(executors);
    String[] locations = planned == null ? null : new String[groups.length];
    for (int g = 0; g < groups.length; g++) {
      int executor = g / TASKS_PER_EXECUTOR;
      int share = g % TASKS_PER_EXECUTOR;
      groups[g] =
          IntStream.range(0, plan.numTasks())
              .filter(t -> plan.executorOf(t) == executor)
              .filter(t -> t % TASKS_PER_EXECUTOR == share)
              .toArray();
      if (locations != null) {
        locations[g] = planned[executor];
      }
    }
    return new BlockCounts(
        GroupedCaching.cache(coded, plan, groups, locations, StealSetup::recordsOf), 0);
  }

  private static <T> long recordsOf(CodedBlock<T> block) {
    return block.isSubset() ? 0L : block.records().size();
  }

  /** The chunks of each block: block b's are b x chunks .. b x chunks + chunks - 1. */
  private static int[][] chunksByBlock(StealPlan plan) {
    int per = plan.chunksPerBlock();
    int[][] groups = new int[plan.numChunks() / per][];
    for (int b = 0; b < groups.length; b++) {
      int first = b * per;
      groups[b] = IntStream.range(first, first + per).toArray();
    }
    return groups;
  }

  /** {@link #chunk}'s copies, with what it cached for them: its chunks and a pinned input. */
  public record Chunked<T>(JavaRDD<T> copies, PieceRDD<T> pieces, JavaRDD<T> pinnedInput) {
    /** Drops the chunks and the pinned input (null: the caller's own): the copies are cached. */
    public void release() {
      pieces.unpersist(false);
      if (pinnedInput != null) {
        pinnedInput.unpersist(false);
      }
    }
  }

  /** Each chunk copy's executor-level preferred location; none in local mode. */
  public static String[] stealLocations(StealPlan plan, List<SparkInternals.Executor> executors) {
    String[] locations = new String[plan.numTasks()];
    for (int t = 0; t < locations.length && !executors.isEmpty(); t++) {
      locations[t] = executors.get(plan.executorOf(t)).location();
    }
    return locations;
  }

  /** The records of each input block: the sum over its chunks' home copies. */
  public static long[] recordsPerBlock(StealPlan plan, long[] taskRecords) {
    long[] records = new long[plan.numChunks() / plan.chunksPerBlock()];
    for (int chunk = 0; chunk < plan.numChunks(); chunk++) {
      records[plan.blockOf(chunk)] += taskRecords[plan.taskOf(chunk, 0)];
    }
    return records;
  }

  /** {@code steal}'s launches over {@code holders}; null for the other strategies. */
  public static StealLaunches launches(
      AggregationStrategy strategy,
      StealPlan plan,
      TaskLaunchListener listener,
      List<SparkInternals.Executor> executors,
      HolderRDD<?> holders) {
    if (holders == null) {
      return null;
    }
    Steal layout = layoutOf(strategy);
    return new StealLaunches(
        plan, layout.late(), listener, executorIds(executors), holders, layout.home());
  }

  /** The steal layout {@code strategy} caches: steal's own, auto's; null for the others. */
  static Steal layoutOf(AggregationStrategy strategy) {
    if (strategy instanceof Steal steal) {
      return steal;
    }
    return strategy instanceof Auto auto ? auto.layout() : null;
  }

  /** The RDD {@code steal}'s jobs run over: the cached copies, a home copy on any holder. */
  public static <T> HolderRDD<T> holders(
      CodedRDD<T> coded, StealPlan plan, List<SparkInternals.Executor> executors) {
    return new HolderRDD<>(coded, plan, executorIds(executors), executorLocations(executors));
  }

  /** {@code steal}'s home work as one task per block, over the cached home copies. */
  public static <T> BlockHomeRDD<T> blockTasks(
      CodedRDD<T> coded, StealPlan plan, List<SparkInternals.Executor> executors) {
    return new BlockHomeRDD<>(coded, plan, executorLocations(executors));
  }

  /** Each planned executor's Spark location; null in local mode (no executors listed). */
  private static String[] executorLocations(List<SparkInternals.Executor> executors) {
    return executors.isEmpty()
        ? null
        : executors.stream().map(SparkInternals.Executor::location).toArray(String[]::new);
  }

  static String[] executorIds(List<SparkInternals.Executor> executors) {
    return executors.isEmpty()
        ? new String[] {"driver"}
        : executors.stream().map(SparkInternals.Executor::id).toArray(String[]::new);
  }
}
