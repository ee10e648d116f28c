package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.engine.BlockCounts;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.coding.GradientCode;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code steal}'s chunks ({@link PieceRDD}) and their copies ({@link ChunkRDD}): two blocks of six
 * records cut into three chunks each, two copies of each chunk.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class ChunkCopiesTest {

  private static final StealPlan PLAN = new StealPlan(2, 3, 2, 1);

  private static JavaRDD<Integer> twoBlocks(JavaSparkContext jsc) {
    return jsc.parallelize(IntStream.range(0, 12).boxed().toList(), 2);
  }

  @Test
  void aChunkIsEveryThirdRecordOfItsBlockAndEachCopyHoldsIt(JavaSparkContext jsc) {
    StealSetup.Chunked<Integer> chunked = StealSetup.chunk(twoBlocks(jsc), PLAN, List.of(), true);
    List<List<Integer>> pieces = chunked.pieces().toJavaRDD().glom().collect();
    assertEquals(
        List.of(
            List.of(0, 3),
            List.of(1, 4),
            List.of(2, 5),
            List.of(6, 9),
            List.of(7, 10),
            List.of(8, 11)),
        pieces);
    List<List<Integer>> copies = chunked.copies().glom().collect();
    assertEquals(PLAN.numTasks(), copies.size());
    for (int t = 0; t < copies.size(); t++) {
      assertEquals(pieces.get(PLAN.chunkOf(t)), copies.get(t), "copy task " + t);
    }
    chunked.release();
  }

  @Test
  void eachChunkIsCutOnceForAllItsCopiesAndReleasedAfter(JavaSparkContext jsc) {
    LongAccumulator cut = jsc.sc().longAccumulator("records read to cut chunks");
    JavaRDD<Integer> input = counted(twoBlocks(jsc), cut);
    StealSetup.Chunked<Integer> chunked = StealSetup.chunk(input, PLAN, List.of(), true);
    assertEquals(12, cut.value(), "the uncached input computed once while its chunks are cut");
    assertTrue(chunked.pieces().getStorageLevel().useMemory(), "chunks cached for the copies");
    assertEquals(2 * 12, chunked.copies().count(), "two copies of every record");
    assertEquals(12, cut.value(), "copies read the cached chunks, not the input");
    chunked.release();
    assertEquals(StorageLevel.NONE(), chunked.pieces().getStorageLevel());
    assertEquals(StorageLevel.NONE(), input.getStorageLevel(), "the pinned input released");
  }

  @Test
  void copiesAreCachedAndCountedByAFewSetupTasks(JavaSparkContext jsc) {
    StealSetup.Chunked<Integer> chunked = StealSetup.chunk(twoBlocks(jsc), PLAN, List.of(), true);
    CodedRDD<Integer> coded = persistedCopies(chunked);
    List<Integer> setupTasks = new CopyOnWriteArrayList<>();
    TaskCounter counter = new TaskCounter(setupTasks);
    jsc.sc().addSparkListener(counter);
    BlockCounts counts = StealSetup.cacheCopies(coded, PLAN, List.of(), false);
    assertEquals(
        List.of(2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L),
        Arrays.stream(counts.blockRecords()).boxed().toList(),
        "each copy holds its chunk's two records");
    assertEquals(PLAN.numTasks(), cachedPartitions(jsc, coded), "every copy cached");
    assertTrue(
        atLeastAfterTheBus(jsc, setupTasks, StealSetup.TASKS_PER_EXECUTOR)
            && setupTasks.size() == StealSetup.TASKS_PER_EXECUTOR,
        "one executor, so two setup tasks for twelve copies: " + setupTasks);
    jsc.sc().removeSparkListener(counter);
    coded.unpersist(false);
    chunked.release();
  }

  @Test
  void autoCachesHomeCopiesAloneAndTheOthersOnFirstReadFromThePinnedInput(JavaSparkContext jsc) {
    LongAccumulator cut = jsc.sc().longAccumulator("records read to cut chunks");
    JavaRDD<Integer> input = counted(twoBlocks(jsc), cut);
    StealSetup.Chunked<Integer> chunked = StealSetup.chunk(input, PLAN, List.of(), false);
    assertEquals(0, cut.value(), "the chunks are cut by the job that caches the home copies");
    CodedRDD<Integer> coded = persistedCopies(chunked);
    BlockCounts counts = StealSetup.cacheCopies(coded, PLAN, List.of(), true);
    assertEquals(12, cut.value(), "each block computed once, by the task caching its home copies");
    assertEquals(
        List.of(2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L, 2L),
        Arrays.stream(counts.blockRecords()).boxed().toList(),
        "a copy not cached yet counts as its chunk's home copy");
    assertEquals(PLAN.numChunks(), cachedPartitions(jsc, coded), "the home copies alone");
    assertEquals(StorageLevel.NONE(), chunked.pieces().getStorageLevel(), "chunks not cached");
    assertTrue(input.getStorageLevel().useMemory(), "the input pinned for the copies to come");

    assertEquals(2 * 12, coded.toJavaRDD().map(b -> b.records().size()).reduce(Integer::sum));
    assertEquals(PLAN.numTasks(), cachedPartitions(jsc, coded), "the others cached as read");
    assertEquals(12, cut.value(), "the others cut from the pinned input, not computed again");
    coded.unpersist(false);
    chunked.release();
  }

  /** {@code input}, counting each record computed in {@code cut}. */
  private static JavaRDD<Integer> counted(JavaRDD<Integer> input, LongAccumulator cut) {
    return input.map(
        x -> {
          cut.add(1);
          return x;
        });
  }

  /** The copies laid out uncoded as the engine does, persisted in memory (nothing cached yet). */
  private static CodedRDD<Integer> persistedCopies(StealSetup.Chunked<Integer> chunked) {
    CodedRDD<Integer> coded =
        new CodedRDD<>(
            chunked.copies().rdd(),
            GradientCode.uncoded(PLAN.numTasks()),
            ShadowSpec.NONE,
            null,
            StealSetup.stealLocations(PLAN, List.of()));
    coded.persist(StorageLevel.MEMORY_ONLY());
    return coded;
  }

  /**
   * The partitions of {@code coded} the status store lists as cached: the store learns of each
   * cached block from the listener bus (the block update is posted before the task that cached it
   * ends), so once the bus is empty it lists every block the ended jobs cached.
   */
  private static int cachedPartitions(JavaSparkContext jsc, CodedRDD<?> coded) {
    SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
    return cachedNow(jsc, coded);
  }

  private static int cachedNow(JavaSparkContext jsc, CodedRDD<?> coded) {
    return Arrays.stream(jsc.sc().getRDDStorageInfo())
        .filter(info -> info.id() == coded.id())
        .mapToInt(info -> info.numCachedPartitions())
        .sum();
  }

  /**
   * Whether {@code tasks} (filled by a listener) holds {@code count} or more ends: Spark posts each
   * task's end before its job's, so once the bus is empty every ended job's tasks are in.
   */
  private static boolean atLeastAfterTheBus(JavaSparkContext jsc, List<Integer> tasks, int count) {
    SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
    return tasks.size() >= count;
  }

  /** Records the index of every task that ends. */
  private static final class TaskCounter extends SparkListener {
    private final List<Integer> tasks;

    TaskCounter(List<Integer> tasks) {
      this.tasks = tasks;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      tasks.add(end.taskInfo().index());
    }
  }
}
