package org.flexcode.optim;

import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.workloads.internal.FactorBlocks;
import org.flexcode.workloads.internal.NormalEquations;

/**
 * A half-sweep's solve where its normal equations are summed: slice k (k < F) is the statistic rows
 * of the solved side's factor block k; its task solves those rows as the driver path does ({@link
 * NormalEquationSolver}, ALS-WR ridge, the fixed side's Gramian added for implicit feedback), keeps
 * a row no arrived block rates at its previous factors (read from the previous version of the
 * block), writes the block's new version to its executor's block manager (at the blocks of the
 * deciding iteration, {@link FactorBlocks.Ref#writtenBy}, so that a rerun decode never meets the
 * blocks of a failed one) and returns only the block's Gramian (rank x rank), which the next
 * half-sweeps need for implicit feedback and the objective. The last slice is the statistic's two
 * totals (objective sum, rating count), returned as they are.
 */
record FactorSolve(
    int firstRow,
    int dimension,
    FactorBlocks.Ref previous,
    FactorBlocks.Ref next,
    double[] fixedGramian,
    double regParam,
    boolean nonnegative)
    implements SlicedDecode {

  private int entries() {
    return NormalEquations.rowEntries(previous.rank());
  }

  @Override
  public int slices() {
    return previous.blocks() + 1;
  }

  @Override
  public int from(int slice) {
    return slice == previous.blocks()
        ? dimension - 2
        : (firstRow + previous.bounds()[slice]) * entries();
  }

  @Override
  public int to(int slice) {
    return slice == previous.blocks()
        ? dimension
        : (firstRow + previous.bounds()[slice + 1]) * entries();
  }

  @Override
  public int outputLength(int slice) {
    int rank = previous.rank();
    return slice == previous.blocks() ? 2 : rank * rank;
  }

  @Override
  public double[] reduce(int iteration, int slice, double[] sum) {
    if (slice == previous.blocks()) {
      return sum;
    }
    int rank = previous.rank();
    int entries = entries();
    int triangle = rank * (rank + 1) / 2;
    double[] block = FactorBlocks.readBlock(previous, slice).clone(); // the stored one is shared
    NormalEquationSolver solver = new NormalEquationSolver(rank, nonnegative);
    for (int row = 0; row < block.length / rank; row++) {
      int base = row * entries;
      if (sum[base + entries - 1] > 0) { // rated in an arrived block
        double ridge = regParam * sum[base + triangle + rank];
        solver.solve(sum, base, fixedGramian, ridge, block, row * rank);
      }
    }
    FactorBlocks.write(next.writtenBy(iteration), slice, block);
    return NormalEquations.gramian(block, rank);
  }
}
