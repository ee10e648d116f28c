package org.flexcode.workloads.internal;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.flexcode.spark.internal.ExecutorBlocks;

/**
 * One side's factors (users' or items') kept on the executors as F row-range blocks, block k
 * holding rows [bounds[k], bounds[k + 1]) row-major, in the block managers under one set id per
 * version (a fresh set per half-sweep that solves the side): the driver holds only the {@link Ref}.
 * A rating task reads a whole side through {@link #read}, fetched once per executor JVM and version
 * and kept in a small cache; a solve task reads its block with {@link #readBlock} and writes the
 * new one with {@link #write}. A block that is gone (its executor lost, nothing replicates it)
 * fails the reading task with an error that names the side, the rows and the block ({@link #LOST}).
 */
public final class FactorBlocks {

  /** What the error of a task that found a factor block gone says. */
  public static final String LOST = "factor block is lost";

  /** Versions of sides an executor JVM keeps: two sides, the current and the previous version. */
  private static final int CACHED = 4;

  private static final Map<Long, double[]> CACHE =
      new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, double[]> eldest) {
          return size() > CACHED;
        }
      };

  private FactorBlocks() {}

  /**
   * One version of one side's factors: its set id, the side's name ("user", "item"), the rank, the
   * F + 1 row bounds of its blocks, and the index in the set of its block 0 (block k is kept at
   * {@code first} + k).
   */
  public record Ref(int setId, String side, int rank, int[] bounds, int first)
      implements Serializable {

    /** The number of blocks. */
    public int blocks() {
      return bounds.length - 1;
    }

    /** The number of rows. */
    public int rows() {
      return bounds[bounds.length - 1];
    }

    /** This side's next version: a fresh set with the same blocks. */
    public Ref next(SparkContext sc) {
      return new Ref(ExecutorBlocks.newId(sc), side, rank, bounds, 0);
    }

    /** This version as written by the engine's iteration {@code iteration}: its own blocks. */
    public Ref writtenBy(int iteration) {
      return new Ref(setId, side, rank, bounds, Math.multiplyExact(iteration, blocks()));
    }

    /** {@code rows} cut into {@code blocks} ranges of nearly equal size, as a fresh set. */
    public static Ref of(SparkContext sc, String side, int rank, int rows, int blocks) {
      int f = Math.max(1, Math.min(blocks, rows));
      int[] bounds = new int[f + 1];
      for (int k = 0; k <= f; k++) {
        bounds[k] = (int) ((long) rows * k / f);
      }
      return new Ref(ExecutorBlocks.newId(sc), side, rank, bounds, 0);
    }
  }

  /** Executor side: every row of {@code ref}, from this JVM's cache or fetched block by block. */
  public static synchronized double[] read(Ref ref) {
    long key = ((long) ref.setId() << 32) | ref.first();
    double[] all = CACHE.get(key);
    if (all != null) {
      return all;
    }
    all = new double[ref.rows() * ref.rank()];
    for (int k = 0; k < ref.blocks(); k++) {
      double[] block = readBlock(ref, k);
      System.arraycopy(block, 0, all, ref.bounds()[k] * ref.rank(), block.length);
    }
    CACHE.put(key, all);
    return all;
  }

  /** Executor side: block {@code k} of {@code ref}, local or fetched; throws when it is gone. */
  public static double[] readBlock(Ref ref, int k) {
    Object[] wire = ExecutorBlocks.get(ref.setId(), ref.first() + k);
    if (wire == null) {
      throw new IllegalStateException(
          "FlexCode ALS: the "
              + ref.side()
              + " "
              + LOST
              + " (rows ["
              + ref.bounds()[k]
              + ", "
              + ref.bounds()[k + 1]
              + "), block rdd_"
              + ref.setId()
              + "_"
              + (ref.first() + k)
              + "): its executor is gone and the factors are not kept elsewhere");
    }
    return (double[]) wire[0];
  }

  /** Executor side: keeps {@code block} as block {@code k} of {@code ref}. */
  public static void write(Ref ref, int k, double[] block) {
    if (!ExecutorBlocks.put(ref.setId(), ref.first() + k, new Object[] {block})) {
      throw new IllegalStateException(
          "FlexCode ALS: no memory or disk on this executor took the "
              + ref.side()
              + " factors rows ["
              + ref.bounds()[k]
              + ", "
              + ref.bounds()[k + 1]
              + ")");
    }
  }

  /** Driver side: removes every block of {@code ref} from every executor (null: nothing). */
  public static void release(SparkContext sc, Ref ref) {
    if (ref != null) {
      ExecutorBlocks.removeAll(sc, ref.setId());
    }
  }

  /**
   * Rows [from, to) of the initial factors {@code MatrixFactorizationTrainer.initialFactors} draws
   * (rows {@code firstRow + from ...} of its users-then-items sequence): the generator is run from
   * its seed to the block, so any task draws the same numbers as the whole sequence would; absolute
   * values when {@code nonnegative}.
   */
  public static double[] initialRows(
      int firstRow, int from, int to, int rank, long seed, boolean nonnegative) {
    java.util.Random random = new java.util.Random(seed);
    double[] block = new double[(to - from) * rank];
    double[] row = new double[rank];
    for (int r = 0; r < firstRow + to; r++) {
      double norm = 0;
      for (int k = 0; k < rank; k++) {
        row[k] = random.nextGaussian();
        norm += row[k] * row[k];
      }
      if (r < firstRow + from) {
        continue;
      }
      norm = Math.sqrt(norm);
      int o = (r - firstRow - from) * rank;
      for (int k = 0; k < rank; k++) {
        double v = norm > 0 ? row[k] / norm : 1.0 / Math.sqrt(rank);
        block[o + k] = nonnegative ? Math.abs(v) : v;
      }
    }
    return block;
  }
}
