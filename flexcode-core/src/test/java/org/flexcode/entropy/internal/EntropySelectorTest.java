package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class EntropySelectorTest extends SubsetSelectorContractTest {

  @Override
  SubsetSelector selector() {
    return Selectors.entropy();
  }

  @Test
  void coversEveryColourAndWeightsSumToTheBlockSizeWhenBudgetAllows() {
    int[] colours = {0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3};
    for (int budget = 4; budget <= colours.length; budget++) {
      Selection s = selector().select(colours, budget, budget);
      assertEquals(4, JointEntropy.distinct(pick(colours, s.indices())), "budget " + budget);
      assertEquals(colours.length, Arrays.stream(s.weights()).sum(), 1e-9);
    }
  }

  @Test
  void picksBudgetDistinctColoursWithHorvitzThompsonWeightsWhenColoursOutnumberBudget() {
    int[] colours = {0, 0, 0, 0, 1, 2, 2, 3, 4, 4, 4};
    int[] sizes = {4, 1, 2, 1, 3};
    Selection s = selector().select(colours, 3, 5);
    int[] picked = pick(colours, s.indices());
    assertEquals(3, JointEntropy.distinct(picked));
    for (int k = 0; k < picked.length; k++) {
      assertEquals(sizes[picked[k]] * 5.0 / 3, s.weights()[k], 1e-12);
    }
  }

  @Test
  void waterFillingReachesTheBruteForceMaximumEntropy() {
    int[] sizes = {5, 1, 3, 2, 7};
    int total = Arrays.stream(sizes).sum();
    for (int r = sizes.length; r <= total; r++) {
      int[] allocation = EntropySelector.waterFill(sizes, r, new Mix(r));
      assertEquals(r, Arrays.stream(allocation).sum());
      for (int c = 0; c < sizes.length; c++) {
        assertTrue(allocation[c] >= 1 && allocation[c] <= sizes[c], Arrays.toString(allocation));
      }
      double best = bestEntropy(sizes, r, 0, new int[sizes.length]);
      assertEquals(best, entropyOfCounts(allocation), 1e-12, "r = " + r);
    }
  }

  private static double bestEntropy(int[] sizes, int left, int c, int[] allocation) {
    if (c == sizes.length) {
      return left == 0 ? entropyOfCounts(allocation) : Double.NEGATIVE_INFINITY;
    }
    double best = Double.NEGATIVE_INFINITY;
    for (int a = 0; a <= Math.min(sizes[c], left); a++) {
      allocation[c] = a;
      best = Math.max(best, bestEntropy(sizes, left - a, c + 1, allocation));
    }
    allocation[c] = 0;
    return best;
  }

  private static double entropyOfCounts(int[] counts) {
    double n = Arrays.stream(counts).sum();
    double h = 0;
    for (int count : counts) {
      if (count > 0) {
        h -= count / n * Math.log(count / n) / Math.log(2);
      }
    }
    return h;
  }

  private static int[] pick(int[] colours, int[] indices) {
    return Arrays.stream(indices).map(i -> colours[i]).toArray();
  }
}
