package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The task layout without Spark: who holds which block, and combining a decision. */
@Tag("unit")
class TaskLayoutTest {

  private static final ShadowSpec ONE_SHADOW = new ShadowSpec(1, 0.2, "entropy", 42L);

  @Test
  void combinesWeightedPrimariesAndEachEstimatedBlocksShareOfItsShadowsSlice() {
    TaskLayout layout = new TaskLayout(GradientCode.uncoded(4), ONE_SHADOW);
    Map<Integer, PartialResult> results = new HashMap<>();
    for (int task = 0; task < 3; task++) {
      results.put(task, result(task, new double[] {task + 1, 1}));
    }
    // the shadow's slices, one per block: block b's estimate is (10 (b + 1), 0)
    results.put(4, result(4, new double[] {10, 0, 20, 0, 30, 0, 40, 0}));
    BitSet used = new BitSet();
    used.set(0, 3);
    Decision decision =
        new Decision(new double[] {1, 1, 2, 0}, used, 0, false, Map.of(3, 4), Map.of(3, 0.5));

    double[] sum = layout.combine(decision, results, 2);

    assertArrayEquals(new double[] {1 + 2 + 2 * 3 + 0.5 * 40, 4}, sum, 1e-12);
  }

  @Test
  void lateShadowsEstimateTheUnfinishedPrimariesBlocksWhenPrimariesReturnPlainSums() {
    TaskLayout layout = new TaskLayout(GradientCode.fractionalRepetition(4, 1), ONE_SHADOW);
    BitSet finished = new BitSet();
    finished.set(0, 2);
    finished.set(3);

    BitSet blocks = layout.blocksOfUnfinishedPrimaries(finished);

    assertEquals(layout.blocksHeldBy(bits(2)), blocks);
    assertEquals(bits(4), layout.shadowTasksFor(blocks));
  }

  @Test
  void lateShadowsEstimateEveryBlockWhenPrimariesReturnWeightedSums() {
    TaskLayout layout = new TaskLayout(GradientCode.cyclicRepetition(5, 2), ONE_SHADOW);

    assertEquals(bits(0, 1, 2, 3, 4), layout.blocksOfUnfinishedPrimaries(bits(0, 1, 3, 4)));
  }

  @Test
  void aShadowReportsOneUnweightedSlicePerBlock() {
    TaskLayout layout = new TaskLayout(GradientCode.uncoded(4), ONE_SHADOW);

    assertEquals(8, layout.resultLength(4, 2));
    assertEquals(6, layout.sliceOf(4, 3, 2));
    assertEquals(1.0, layout.coefficientOf(4, 3));
    assertEquals(2, layout.resultLength(0, 2));
    assertEquals(0, layout.sliceOf(0, 0, 2));
  }

  @Test
  void blocksNotHeldByNamesTheBlocksOnlyOtherTasksHold() {
    TaskLayout layout = new TaskLayout(GradientCode.uncoded(4), ShadowSpec.NONE);

    assertEquals(bits(1, 3), layout.blocksNotHeldBy(bits(0, 2)));
  }

  private static PartialResult result(int task, double[] values) {
    return new PartialResult(
        0, task, 0, "driver", 0, 0, 0, PackedVector.pack(values), null, Double.NaN, 1);
  }

  private static BitSet bits(int... indices) {
    BitSet bits = new BitSet();
    for (int i : indices) {
      bits.set(i);
    }
    return bits;
  }
}
