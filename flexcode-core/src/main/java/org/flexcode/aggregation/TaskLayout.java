package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.flexcode.coding.GradientCode;

/**
 * Which blocks each task holds and how it reports them, in one place: primary task i (i below n)
 * returns sum_j c_ij x statistic(block j) over its code row; shadow task k returns one slice per
 * block of its group (its estimate of that block, unweighted). {@link #combine} applies a {@link
 * Decision} to the arrived results with this layout; the task uses {@link #coefficientOf} and
 * {@link #sliceOf}. Shipped to executors with every task.
 */
public final class TaskLayout implements Serializable {

  private static final long serialVersionUID = 1L;

  private final int primaries;
  private final int[][] blocksOfTask;
  private final double[][] coefficientsOfTask;
  private final ShadowSpec shadows;

  /**
   * Whether every primary returns the plain sum of its blocks (uncoded, FRC), not a weighted one.
   */
  private final boolean plainSums;

  /** The share of an input block one block of this layout is (1; steal's chunks 1 / chunks). */
  private final double blockWorth;

  public TaskLayout(GradientCode code, ShadowSpec shadows) {
    this(code, shadows, 1.0);
  }

  /** A layout whose blocks are each {@code blockWorth} of an input block (steal's chunks). */
  public TaskLayout(GradientCode code, ShadowSpec shadows, double blockWorth) {
    this(code, null, shadows, blockWorth);
  }

  /**
   * A layout whose primaries cache {@code cachedBlocks[i]} (each block weight 1; {@code gcdc}'s
   * slots of every cluster) instead of the code's rows (null: the code's rows and weights).
   */
  public TaskLayout(
      GradientCode code, int[][] cachedBlocks, ShadowSpec shadows, double blockWorth) {
    this.blockWorth = blockWorth;
    this.primaries = code.numTasks();
    this.shadows = shadows;
    this.blocksOfTask = blocksOf(code, shadows);
    int tasks = blocksOfTask.length;
    for (int i = 0; cachedBlocks != null && i < primaries; i++) {
      blocksOfTask[i] = cachedBlocks[i].clone();
    }
    this.coefficientsOfTask = new double[tasks][];
    boolean plain = true;
    for (int i = 0; i < tasks; i++) {
      coefficientsOfTask[i] =
          i >= primaries
              ? new double[blocksOfTask[i].length]
              : cachedBlocks == null ? code.coefficientsOf(i) : ones(blocksOfTask[i].length);
      for (int k = 0; i < primaries && k < coefficientsOfTask[i].length; k++) {
        plain &= coefficientsOfTask[i][k] == 1.0;
      }
    }
    this.plainSums = plain;
  }

  private static double[] ones(int length) {
    double[] ones = new double[length];
    java.util.Arrays.fill(ones, 1.0);
    return ones;
  }

  /** The shadows after the primaries. */
  public ShadowSpec shadows() {
    return shadows;
  }

  /** The blocks of each task, primaries then shadows. */
  public int[][] allBlocks() {
    int[][] copy = new int[blocksOfTask.length][];
    for (int i = 0; i < copy.length; i++) {
      copy[i] = blocksOfTask[i].clone();
    }
    return copy;
  }

  /** The blocks of each task: the code's layout, then each shadow's group. */
  public static int[][] blocksOf(GradientCode code, ShadowSpec shadows) {
    int n = code.numTasks();
    int[][] blocks = new int[n + shadows.count()][];
    for (int i = 0; i < n; i++) {
      blocks[i] = code.blocksOf(i);
    }
    for (int k = 0; k < shadows.count(); k++) {
      blocks[n + k] = shadows.blocksOf(k, n);
    }
    return blocks;
  }

  /**
   * The share of an input block one whole block of this layout holds: what emulated compute charges
   * for it (1; {@code steal}'s chunks 1 / chunks).
   */
  public double blockWorth() {
    return blockWorth;
  }

  /** Primary tasks (one per block). */
  public int primaries() {
    return primaries;
  }

  /** Primaries and shadows. */
  public int numTasks() {
    return blocksOfTask.length;
  }

  public boolean isShadow(int task) {
    return task >= primaries;
  }

  /** The blocks task {@code task} holds. */
  public int[] blocksOf(int task) {
    return blocksOfTask[task];
  }

  /** The length of a task's partial result: one slice per block for a shadow, else one. */
  public int resultLength(int task, int dimension) {
    return isShadow(task) ? dimension * blocksOfTask[task].length : dimension;
  }

  /** Where block {@code block}'s contribution starts in the task's partial result. */
  public int sliceOf(int task, int block, int dimension) {
    return isShadow(task) ? indexOf(task, block) * dimension : 0;
  }

  /** The weight c_ij a task gives block j: the code's for a primary, 1 for a shadow. */
  public double coefficientOf(int task, int block) {
    return isShadow(task) ? 1.0 : coefficientsOfTask[task][indexOf(task, block)];
  }

  /**
   * The aggregate {@code decision} names: sum over the used primaries of weight x result, plus each
   * estimated block's share of its shadow's slice.
   */
  public double[] combine(Decision decision, Map<Integer, PartialResult> results, int dimension) {
    double[] sum = new double[dimension];
    for (CombinationTerm term : terms(decision, dimension)) {
      results.get(term.task()).values().addScaledSliceTo(sum, term.offset(), term.weight());
    }
    return sum;
  }

  /**
   * The linear combination {@code decision} names, as terms (task, offset, weight): one per used
   * primary (its whole result), one per estimated block (its share of its shadow's slice). {@link
   * #combine} adds them on the driver; results that stayed on their executors are added there.
   */
  public List<CombinationTerm> terms(Decision decision, int dimension) {
    List<CombinationTerm> terms = new ArrayList<>();
    double[] weights = decision.weights();
    BitSet used = decision.used();
    for (int task = used.nextSetBit(0); task >= 0; task = used.nextSetBit(task + 1)) {
      terms.add(new CombinationTerm(task, 0, weights[task]));
    }
    Map<Integer, Double> shares = decision.shares();
    for (Map.Entry<Integer, Integer> e : decision.estimated().entrySet()) {
      int shadowTask = e.getValue();
      int offset = sliceOf(shadowTask, e.getKey(), dimension);
      terms.add(new CombinationTerm(shadowTask, offset, shares.get(e.getKey())));
    }
    return terms;
  }

  /**
   * The blocks late shadows estimate: those of the unfinished primaries when each primary's result
   * is a plain sum of its blocks (uncoded, FRC), or every block when a weighted decoding may leave
   * part of any block to the shadows (cyclic).
   */
  public BitSet blocksOfUnfinishedPrimaries(BitSet finished) {
    BitSet blocks = new BitSet(primaries);
    if (!plainSums) {
      blocks.set(0, primaries);
      return blocks;
    }
    for (int task = 0; task < primaries; task++) {
      if (!finished.get(task)) {
        for (int block : blocksOfTask[task]) {
          blocks.set(block);
        }
      }
    }
    return blocks;
  }

  /** The shadow tasks covering {@code blocks}. */
  public BitSet shadowTasksFor(BitSet blocks) {
    BitSet tasks = new BitSet(numTasks());
    for (int block = blocks.nextSetBit(0); block >= 0; block = blocks.nextSetBit(block + 1)) {
      tasks.set(primaries + shadows.shadowOf(block, primaries));
    }
    return tasks;
  }

  /** The primary blocks none of {@code tasks} holds. */
  public BitSet blocksNotHeldBy(BitSet tasks) {
    BitSet blocks = new BitSet(primaries);
    blocks.set(0, primaries);
    for (int task = tasks.nextSetBit(0); task >= 0; task = tasks.nextSetBit(task + 1)) {
      for (int block : blocksOfTask[task]) {
        blocks.clear(block);
      }
    }
    return blocks;
  }

  /** The blocks {@code tasks} hold. */
  public BitSet blocksHeldBy(BitSet tasks) {
    BitSet blocks = new BitSet(primaries);
    for (int task = tasks.nextSetBit(0); task >= 0; task = tasks.nextSetBit(task + 1)) {
      for (int block : blocksOfTask[task]) {
        blocks.set(block);
      }
    }
    return blocks;
  }

  private int indexOf(int task, int block) {
    int[] blocks = blocksOfTask[task];
    for (int k = 0; k < blocks.length; k++) {
      if (blocks[k] == block) {
        return k;
      }
    }
    throw new IllegalStateException("block " + block + " is not in this task's layout");
  }
}
