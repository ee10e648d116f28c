package org.flexcode.aggregation.copies.internal;

import java.io.Serializable;
import java.util.BitSet;
import org.flexcode.adaptive.internal.ChunkPlacement;
import org.flexcode.aggregation.ClusterShape;

/**
 * Where {@code steal}'s chunk copies live, plain arithmetic: n blocks cut into {@code chunks}
 * chunks each (chunk c is piece c mod chunks of block c / chunks), each chunk held by {@code
 * copies} tasks (task t is copy t / C of chunk t mod C, C = n x chunks), each task on one of {@code
 * executors} executors.
 *
 * <p>Copy 0 of chunk c (its home) sits on executor b mod M of its block b, as {@code bsp} places
 * the block; copy k >= 1 where {@link ChunkPlacement#holderOf} puts it, the placement the model
 * simulates too: on executor (b mod M + 1 + ((q + k - 1) mod (M - 1))) mod M for piece q. So a
 * chunk's r copies sit on r distinct executors when r <= M, and the pieces of one block have their
 * other copies on different neighbours: when an executor straggles, several others can take its
 * chunks. With one executor (local mode) every copy sits on it.
 */
public final class StealPlan implements Serializable {

  private static final long serialVersionUID = 1L;

  private final int blocks;
  private final int chunks;
  private final int copies;
  private final int executors;
  private final int slots;

  /**
   * The plan of {@code copies} copies of {@code chunks} chunks of each of {@code blocks} blocks, on
   * a cluster that runs all of them at once.
   */
  public StealPlan(int blocks, int chunks, int copies, int executors) {
    this(blocks, chunks, copies, executors, 0);
  }

  /**
   * The plan of {@code copies} copies of {@code chunks} chunks of each of {@code blocks} blocks, on
   * {@code executors} executors that run {@code slots} tasks at once in all (0: not known).
   */
  public StealPlan(int blocks, int chunks, int copies, int executors, int slots) {
    if (blocks < 1 || chunks < 1 || copies < 1 || executors < 1) {
      throw new IllegalArgumentException(
          "steal plan: blocks, chunks, copies and executors must be >= 1, got "
              + blocks
              + ", "
              + chunks
              + ", "
              + copies
              + ", "
              + executors);
    }
    this.blocks = blocks;
    this.chunks = chunks;
    this.copies = copies;
    this.executors = executors;
    this.slots = slots;
  }

  /** {@link ClusterShape#queuesBlocksOnOneExecutor} of this plan's executors, slots and blocks. */
  public boolean queuesBlocks() {
    return new ClusterShape(executors, slots, blocks).queuesBlocksOnOneExecutor();
  }

  /** Chunks in all (C = n x chunks). */
  public int numChunks() {
    return blocks * chunks;
  }

  /** Chunk copies in all: the engine's tasks. */
  int numTasks() {
    return numChunks() * copies;
  }

  public int copies() {
    return copies;
  }

  public int executors() {
    return executors;
  }

  /** Whether every chunk's copies sit on distinct executors. */
  boolean distinctCopies() {
    return copies <= executors;
  }

  /** The chunk task {@code task} is a copy of. */
  public int chunkOf(int task) {
    return task % numChunks();
  }

  int copyOf(int task) {
    return task / numChunks();
  }

  public int taskOf(int chunk, int copy) {
    return copy * numChunks() + chunk;
  }

  /** The input block (partition of the input) chunk {@code chunk} is cut from. */
  int blockOf(int chunk) {
    return chunk / chunks;
  }

  /** Which piece of its block chunk {@code chunk} is: records with index mod chunks == piece. */
  int pieceOf(int chunk) {
    return chunk % chunks;
  }

  /** Chunks per block. */
  public int chunksPerBlock() {
    return chunks;
  }

  /** The executor (0 .. M-1) task {@code task}'s copy is cached on. */
  public int executorOf(int task) {
    int chunk = chunkOf(task);
    return ChunkPlacement.holderOf(
        blockOf(chunk) % executors, pieceOf(chunk), copyOf(task), executors);
  }

  /** The home copies: tasks 0 .. C-1. */
  BitSet homeTasks() {
    BitSet home = new BitSet(numTasks());
    home.set(0, numChunks());
    return home;
  }

  /** Whether any copy task of {@code chunk} is in {@code tasks}. */
  boolean anyCopyIn(int chunk, BitSet tasks) {
    return copiesIn(chunk, tasks) > 0;
  }

  /** How many copy tasks of {@code chunk} are in {@code tasks}. */
  int copiesIn(int chunk, BitSet tasks) {
    int count = 0;
    for (int k = 0; k < copies; k++) {
      count += tasks.get(taskOf(chunk, k)) ? 1 : 0;
    }
    return count;
  }

  /** The one copy task of {@code chunk} in {@code tasks}, or -1 if none or several are. */
  int onlyCopyIn(int chunk, BitSet tasks) {
    int only = -1;
    for (int k = 0; k < copies; k++) {
      if (tasks.get(taskOf(chunk, k))) {
        if (only >= 0) {
          return -1;
        }
        only = taskOf(chunk, k);
      }
    }
    return only;
  }

  /** A copy task of {@code chunk} other than its home copy not in {@code tasks}, or -1. */
  int copyNotIn(int chunk, BitSet tasks) {
    for (int k = 1; k < copies; k++) {
      if (!tasks.get(taskOf(chunk, k))) {
        return taskOf(chunk, k);
      }
    }
    return -1;
  }
}
