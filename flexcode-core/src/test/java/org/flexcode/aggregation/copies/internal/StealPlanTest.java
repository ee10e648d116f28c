package org.flexcode.aggregation.copies.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class StealPlanTest {

  @Test
  void tasksAreTheCopiesOfEveryChunk() {
    StealPlan plan = new StealPlan(4, 3, 2, 4);
    assertEquals(12, plan.numChunks());
    assertEquals(24, plan.numTasks());
    for (int t = 0; t < plan.numTasks(); t++) {
      assertEquals(t, plan.taskOf(plan.chunkOf(t), plan.copyOf(t)));
    }
    assertEquals(2, plan.blockOf(7));
    assertEquals(1, plan.pieceOf(7));
    assertEquals(12, plan.homeTasks().cardinality());
  }

  @Test
  void findsAChunksCopiesAmongTasks() {
    StealPlan plan = new StealPlan(4, 3, 3, 4); // 12 chunks, chunk 5's copies are tasks 5, 17, 29
    java.util.BitSet tasks = new java.util.BitSet();
    assertEquals(-1, plan.onlyCopyIn(5, tasks));
    assertEquals(17, plan.copyNotIn(5, tasks), "the first copy other than the home one");
    tasks.set(17);
    assertTrue(plan.anyCopyIn(5, tasks));
    assertEquals(17, plan.onlyCopyIn(5, tasks));
    assertEquals(29, plan.copyNotIn(5, tasks));
    tasks.set(5);
    assertEquals(2, plan.copiesIn(5, tasks));
    assertEquals(-1, plan.onlyCopyIn(5, tasks), "two copies are in");
    tasks.set(29);
    assertEquals(-1, plan.copyNotIn(5, tasks));
    assertEquals(0, plan.copiesIn(6, tasks));
  }

  @Test
  void copiesOfAChunkSitOnDistinctExecutorsAndHomesFollowTheBlocks() {
    for (int executors = 2; executors <= 8; executors++) {
      for (int copies = 1; copies <= executors; copies++) {
        StealPlan plan = new StealPlan(executors, 4, copies, executors);
        for (int chunk = 0; chunk < plan.numChunks(); chunk++) {
          Set<Integer> holders = new HashSet<>();
          for (int k = 0; k < copies; k++) {
            holders.add(plan.executorOf(plan.taskOf(chunk, k)));
          }
          assertEquals(copies, holders.size(), "chunk " + chunk + " of M=" + executors);
          assertEquals(plan.blockOf(chunk) % executors, plan.executorOf(plan.taskOf(chunk, 0)));
        }
      }
    }
  }

  @Test
  void aStragglersChunksHaveTheirOtherCopiesOnSeveralNeighbours() {
    StealPlan plan = new StealPlan(8, 4, 2, 8);
    Set<Integer> helpers = new HashSet<>();
    for (int chunk = 0; chunk < plan.numChunks(); chunk++) {
      if (plan.blockOf(chunk) == 3) {
        helpers.add(plan.executorOf(plan.taskOf(chunk, 1)));
      }
    }
    assertEquals(4, helpers.size(), "the 4 chunks of block 3 have copies on " + helpers);
    assertTrue(!helpers.contains(3));
  }

  @Test
  void oneExecutorHoldsEveryCopy() {
    StealPlan plan = new StealPlan(2, 2, 2, 1);
    for (int t = 0; t < plan.numTasks(); t++) {
      assertEquals(0, plan.executorOf(t));
    }
    assertTrue(!plan.distinctCopies());
  }

  @Test
  void rejectsEmptyPlans() {
    assertThrows(IllegalArgumentException.class, () -> new StealPlan(0, 1, 1, 1));
  }
}
