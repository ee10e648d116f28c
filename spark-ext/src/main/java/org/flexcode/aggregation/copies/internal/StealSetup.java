package org.flexcode.aggregation.copies.internal;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.engine.BlockCounts;
import org.flexcode.aggregation.engine.CodedBlock;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.spark.internal.SparkInternals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code steal}'s setup over the input and the registered executors: its {@link StealPlan}, the
 * chunk copies' preferred locations, the input pinned while it is cut, and the records per input
 * block.
 */
final class StealSetup {

  private static final Logger LOG = LoggerFactory.getLogger(ChunkCopiesLayout.class);

  private StealSetup() {}

  /**
   * The plan of {@code spec}'s copies over the input's blocks and the registered executors (one in
   * local mode, where every copy shares the driver's executor: stealing degenerates to bsp over
   * chunks plus late copies on free cores), which run {@code slots} tasks at once; {@code strategy}
   * names it in the log.
   */
  static StealPlan stealPlan(
      String strategy,
      CopiesSpec spec,
      int blocks,
      List<SparkInternals.Executor> executors,
      int slots) {
    StealPlan plan =
        new StealPlan(blocks, spec.chunks(), spec.copies(), Math.max(1, executors.size()), slots);
    if (executors.size() <= 1) {
      LOG.info(
          "FlexCode: {} with one executor: no other executor to move chunks to; {} chunks run as"
              + " bsp over chunks, with late copies on free cores",
          strategy,
          plan.numChunks());
    } else if (!plan.distinctCopies()) {
      LOG.warn(
          "FlexCode: only {} executors for r={} copies of each chunk; some copies share one",
          executors.size(),
          spec.copies());
    }
    return plan;
  }

  /** Setup tasks caching chunk copies per executor: two, for executors' two cores or more. */
  static final int TASKS_PER_EXECUTOR = 2;

  /**
   * {@code steal}'s chunk copies of {@code input} ({@link ChunkRDD}), read from its chunks ({@link
   * PieceRDD}), which are cached and computed first: each input block is read once per chunk, not
   * once per copy (12 readers per block at r=3, chunks=4, each fetching and deserializing the whole
   * block: in the real-compute bench (docs/archive/BENCHMARKS-journal.md, 2026-11-27, setup),
   * caching took 7.0-12.5 s that way, 4.6-4.9 s warm with chunks cut once and the setup tasks
   * grouped, bsp's 0.6-2.5 s). An uncached input is cached, and one task cuts all the chunks of a
   * block (computing the block once, then reading its cached records), so every chunk of a block
   * reads the same records in the same order (a shuffle's output order may differ between reads,
   * and chunks are cut by position). {@link Chunked#release} drops both once the copies are cached;
   * a copy lost later is recomputed from the input again. Each block's task prefers the block's
   * home executor (of {@code executors}; none in local mode), where its chunks' home copies are
   * cached next: they read the chunks locally. Unless {@code cutNow}, the chunks are not cached:
   * the job that caches the home copies cuts them ({@link #cacheCopies} with {@code homesOnly}: one
   * task per block too), and a copy made later cuts its chunk from the (pinned) input again.
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
