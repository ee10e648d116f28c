package org.flexcode.coding;

import java.util.BitSet;

/**
 * A gradient code over n tasks and n data blocks (Tandon, Lei, Dimakis, Karampatziakis, "Gradient
 * Coding", ICML 2017).
 *
 * <p>Row i of the n x n encoding matrix B lists the blocks task i holds and their weights: task i
 * returns f_i = sum_j B_ij g_j, where g_j is the statistic of block j. A set F of finished tasks is
 * decodable iff some a has a^T B_F = 1^T; then sum_j g_j = sum_{i in F} a_i f_i. Every set of at
 * least n - s finished tasks is decodable, where s is the code's straggler tolerance.
 *
 * <p>Create codes with the static factories; implementations are immutable and thread-safe.
 */
public interface GradientCode {

  /** Uncoded: task i holds block i alone (s = 0). Serves any number of tasks. */
  static GradientCode uncoded(int numTasks) {
    return new UncodedCode(numTasks);
  }

  /**
   * Fractional repetition: n/(s+1) groups of s+1 tasks; every task of a group holds the group's s+1
   * blocks and returns their plain sum. Needs (s+1) | n; serves thousands of tasks.
   */
  static GradientCode fractionalRepetition(int numTasks, int stragglerTolerance) {
    return new FractionalRepetitionCode(numTasks, stragglerTolerance);
  }

  /**
   * Cyclic repetition: task i holds blocks i, i+1, ..., i+s (mod n) with real weights such that any
   * n - s tasks decode. Limited to {@link #MAX_CYCLIC_TASKS} tasks (see {@link
   * CyclicRepetitionCode}).
   */
  static GradientCode cyclicRepetition(int numTasks, int stragglerTolerance) {
    return new CyclicRepetitionCode(numTasks, stragglerTolerance);
  }

  /** The largest n the cyclic code accepts: every n - s set decodes within 1e-9 relative. */
  int MAX_CYCLIC_TASKS = CyclicRepetitionCode.MAX_TASKS;

  /** A short name such as {@code "cyclic(n=8, s=1)"}. */
  String describe();

  /** The number of tasks n, which is also the number of data blocks. */
  int numTasks();

  /** The number of stragglers s that every decoding tolerates. */
  int stragglerTolerance();

  /** The blocks task {@code task} holds, ascending. */
  int[] blocksOf(int task);

  /** The weights of task {@code task}'s blocks, aligned with {@link #blocksOf(int)}. */
  double[] coefficientsOf(int task);

  /** The tasks that hold block {@code block}, ascending. */
  int[] tasksHolding(int block);

  /** Whether the finished tasks decode the exact sum. */
  boolean isDecodable(BitSet finished);

  /**
   * The decoding for a set of finished tasks: the exact decoding when {@link #isDecodable} holds,
   * otherwise the least-squares best approximation a = argmin ||B_F^T a - 1||, with its residual.
   */
  Decoding decode(BitSet finished);
}
