package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * Which of its cached blocks each primary task computes in one iteration, shipped with the
 * iteration's tasks: all of them ({@link #ALL}), or for {@code gcdc} the blocks of the slot the
 * driver assigned it.
 */
public record ComputedBlocks(int[][] blocksOfTask) implements Serializable {

  /** Every task computes every block it caches. */
  public static final ComputedBlocks ALL = new ComputedBlocks(null);

  /** Whether task {@code task} computes block {@code block} this iteration. */
  public boolean computes(int task, int block) {
    if (blocksOfTask == null || task >= blocksOfTask.length) {
      return true;
    }
    for (int b : blocksOfTask[task]) {
      if (b == block) {
        return true;
      }
    }
    return false;
  }
}
