package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The driver's chunk queue: who gets which chunk, when a core waits, when a chunk is copied. */
@Tag("unit")
class ChunkQueueTest {

  private static ChunkQueue queue(StealPlan plan, int cores, double work, ChunkSpeeds speeds) {
    double[] works = new double[plan.numChunks()];
    Arrays.fill(works, work);
    return new ChunkQueue(plan, works, cores, speeds);
  }

  /**
   * One block of {@code chunks} chunks of 100 units, each held by both of two one-core executors,
   * executor 0 measured at {@code msPerUnit0} and executor 1 at {@code msPerUnit1} ms per unit.
   */
  private static ChunkQueue twoExecutors(int chunks, double msPerUnit0, double msPerUnit1) {
    ChunkSpeeds speeds = new ChunkSpeeds(2);
    speeds.noteFinished(0, 100, 100 * msPerUnit0);
    speeds.noteFinished(1, 100, 100 * msPerUnit1);
    return queue(new StealPlan(1, chunks, 2, 2), 1, 100, speeds);
  }

  @Test
  void everyChunkGoesOnlyToItsHoldersAndCountsOnce() {
    StealPlan plan = new StealPlan(6, 4, 2, 3);
    ChunkQueue queue = queue(plan, 2, 10, new ChunkSpeeds(3));
    int[] counted = new int[plan.numChunks()];
    double now = 0;
    while (!queue.done()) {
      for (int core = 0; core < queue.cores(); core++) {
        if (queue.runningOn(core) == ChunkQueue.WAIT) {
          int chunk = queue.ask(core, now);
          if (chunk != ChunkQueue.WAIT) {
            int executor = queue.executorOf(core);
            assertTrue(
                IntStream.range(0, plan.copies())
                    .anyMatch(k -> plan.executorOf(plan.taskOf(chunk, k)) == executor),
                "chunk " + chunk + " given to executor " + executor + ", which holds no copy");
          }
        }
      }
      now += 10;
      for (int core = 0; core < queue.cores(); core++) {
        int chunk = queue.runningOn(core);
        if (chunk != ChunkQueue.WAIT && queue.commit(core, now)) {
          counted[chunk]++;
        }
      }
    }
    int[] once = new int[plan.numChunks()];
    Arrays.fill(once, 1);
    assertEquals(Arrays.toString(once), Arrays.toString(counted));
  }

  @Test
  void aSlowCoreIsRefusedTheLastChunksAFasterCoreFinishesFirst() {
    ChunkQueue queue = twoExecutors(3, 1, 4);
    int first = queue.ask(0, 0);
    assertTrue(first != ChunkQueue.WAIT, "the fast core starts at once");
    // the fast core finishes the other two at 200 and 300, the slow one would at 400
    assertEquals(ChunkQueue.WAIT, queue.ask(1, 0));
    queue.commit(0, 100);
    int second = queue.ask(0, 100);
    assertTrue(second != ChunkQueue.WAIT && second != first);
    assertEquals(ChunkQueue.WAIT, queue.ask(1, 100), "the slow core would finish last at 500");
  }

  @Test
  void aSlowCoreTakesAChunkWhenItFinishesItNoLaterThanTheFastCoreCould() {
    ChunkQueue queue = twoExecutors(4, 1, 4);
    queue.ask(0, 0);
    // pending three: the fast core would finish them at 200, 300, 400; the slow one the last at 400
    assertTrue(queue.ask(1, 0) != ChunkQueue.WAIT);
  }

  @Test
  void anIdleCoreCopiesARunningChunkOnlyOnceItsCopyWouldFinishFirst() {
    ChunkQueue queue = twoExecutors(2, 1, 1);
    int slowChunk = queue.ask(0, 0);
    int other = queue.ask(1, 0);
    assertTrue(queue.commit(1, 100));
    assertEquals(other, 1 - slowChunk);
    // at 100 the running chunk is due; a copy would end at 200, as the original is projected to
    assertEquals(ChunkQueue.WAIT, queue.ask(1, 100));
    double recheck = queue.recheckMs(1, 100);
    assertTrue(recheck > 100 && recheck < 101, "recheck just after its threshold: " + recheck);
    // at 150 the original is projected to need as long again (300); a copy ends at 250
    assertEquals(slowChunk, queue.ask(1, 150));
    assertTrue(queue.commit(1, 250));
    assertEquals(List.of(0), queue.coresRunning(slowChunk));
    assertFalse(queue.commit(0, 260), "a later copy's result does not count");
    assertTrue(queue.done());
  }

  @Test
  void noCopyWhenTheRunningCopyIsProjectedToFinishFirst() {
    ChunkQueue queue = twoExecutors(2, 1, 4);
    queue.ask(0, 0);
    queue.commit(0, 100);
    int running = queue.ask(0, 100);
    // a copy on the slow core would end at 150 + 400, the running one is projected to end at 200
    assertEquals(ChunkQueue.WAIT, queue.ask(1, 150));
    assertEquals(List.of(0), queue.coresRunning(running));
  }
}
