package org.flexcode.coding;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every code shares: argument checks, the sparse encoding rows, the inverse map from blocks to
 * tasks, and a bounded cache of decodings keyed by the set of finished tasks.
 */
abstract class AbstractGradientCode implements GradientCode {

  /**
   * The largest number of tasks (or chunk copies' blocks) any code accepts: 2^22, room for 10,000
   * executors x 16 cores x 16 chunks (the model's cluster-scale projections lay out that many).
   */
  static final int MAX_TASKS_ANY_CODE = 1 << 22;

  private static final int CACHE_CAPACITY = 4096;

  final int n;
  final int s;
  private final int[][] blocks;
  private final double[][] coefficients;
  private final int[][] holders;
  private final Map<BitSet, Decoding> cache =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<BitSet, Decoding> eldest) {
          return size() > CACHE_CAPACITY;
        }
      };

  AbstractGradientCode(int n, int s, int maxTasks, String codeName) {
    checkArguments(n, s, maxTasks, codeName);
    this.n = n;
    this.s = s;
    this.blocks = new int[n][];
    this.coefficients = new double[n][];
    this.holders = new int[n][];
  }

  static void checkArguments(int n, int s, int maxTasks, String codeName) {
    if (n < 1 || n > maxTasks) {
      throw new IllegalArgumentException(
          codeName + ": numTasks n must be in [1, " + maxTasks + "], got " + n);
    }
    if (s < 0) {
      throw new IllegalArgumentException(
          codeName + ": stragglerTolerance s must be >= 0, got " + s);
    }
    if (s >= n) {
      throw new IllegalArgumentException(
          codeName + ": stragglerTolerance s must be < numTasks n=" + n + ", got s=" + s);
    }
  }

  /** Called once by subclass constructors after they know every row. */
  final void setRows(int[][] rowBlocks, double[][] rowCoefficients) {
    List<List<Integer>> byBlock = new ArrayList<>(n);
    for (int j = 0; j < n; j++) {
      byBlock.add(new ArrayList<>(s + 1));
    }
    for (int i = 0; i < n; i++) {
      blocks[i] = rowBlocks[i];
      coefficients[i] = rowCoefficients[i];
      for (int j : rowBlocks[i]) {
        byBlock.get(j).add(i);
      }
    }
    for (int j = 0; j < n; j++) {
      holders[j] = byBlock.get(j).stream().mapToInt(Integer::intValue).sorted().toArray();
    }
  }

  @Override
  public final int numTasks() {
    return n;
  }

  @Override
  public final int stragglerTolerance() {
    return s;
  }

  @Override
  public final int[] blocksOf(int task) {
    return blocks[checkTask(task)].clone();
  }

  @Override
  public final double[] coefficientsOf(int task) {
    return coefficients[checkTask(task)].clone();
  }

  @Override
  public final int[] tasksHolding(int block) {
    if (block < 0 || block >= n) {
      throw new IndexOutOfBoundsException("block " + block + " not in [0, " + n + ")");
    }
    return holders[block].clone();
  }

  @Override
  public final Decoding decode(BitSet finished) {
    BitSet key = restrict(finished);
    synchronized (cache) {
      Decoding cached = cache.get(key);
      if (cached != null) {
        return cached;
      }
    }
    Decoding decoding = computeDecoding(key);
    synchronized (cache) {
      cache.put(key, decoding);
    }
    return decoding;
  }

  @Override
  public final boolean isDecodable(BitSet finished) {
    return finished.cardinality() >= n - s || checkDecodable(restrict(finished));
  }

  /** Whether a set of fewer than n - s tasks decodes (codes that can do better than n - s). */
  abstract boolean checkDecodable(BitSet finished);

  /** Exact or best-approximation decoding for a set of tasks within [0, n). */
  abstract Decoding computeDecoding(BitSet finished);

  @Override
  public String toString() {
    return describe();
  }

  int checkTask(int task) {
    if (task < 0 || task >= n) {
      throw new IndexOutOfBoundsException("task " + task + " not in [0, " + n + ")");
    }
    return task;
  }

  private BitSet restrict(BitSet finished) {
    if (finished.length() > n) {
      throw new IllegalArgumentException(
          "finished set " + finished + " names tasks outside [0, " + n + ")");
    }
    return (BitSet) finished.clone();
  }
}
