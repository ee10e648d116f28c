package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.flexcode.entropy.internal.TestBlocks.Point;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract every subset selector meets: deterministic in (colours, budget, seed), ascending
 * distinct indices of min(budget, N) records, and an unbiased weighted estimate of the block sum,
 * checked by Monte Carlo over {@value #SEEDS} seeds in both entropy regimes (budget below and above
 * the number of colours). One thin subclass per selector.
 */
@Tag("unit")
abstract class SubsetSelectorContractTest {

  static final int SEEDS = 4000;

  /** Largest allowed |mean - truth| per coordinate, in standard errors of the mean. */
  static final double STANDARD_ERRORS = 4;

  /**
   * Largest allowed ||mean - truth|| / ||truth|| of the Monte Carlo mean (it must also stay within
   * {@link #STANDARD_ERRORS} times the relative standard error sqrt(sum_j se_j^2) / ||truth||).
   */
  static final double RELATIVE_ERROR = 0.05;

  /** The selector under test. */
  abstract SubsetSelector selector();

  @Test
  void sameSeedGivesTheSameSelection() {
    int[] colours = TestBlocks.lrColouring().colours(TestBlocks.a9a(500));
    for (int budget : new int[] {3, 25, 100}) {
      Selection a = selector().select(colours, budget, 11);
      Selection b = selector().select(colours, budget, 11);
      assertArrayEquals(a.indices(), b.indices());
      assertArrayEquals(a.weights(), b.weights());
    }
  }

  @Test
  void differentSeedsUsuallyGiveDifferentSubsets() {
    int[] colours = TestBlocks.lrColouring().colours(TestBlocks.a9a(500));
    Set<List<Integer>> subsets = new HashSet<>();
    for (long seed = 0; seed < 20; seed++) {
      subsets.add(Arrays.stream(selector().select(colours, 25, seed).indices()).boxed().toList());
    }
    assertTrue(subsets.size() >= 19, subsets.size() + " distinct subsets of 20");
  }

  @Test
  void picksMinOfBudgetAndBlockSizeAscendingAndDistinct() {
    int[] colours = {3, 3, 0, 1, 1, 1, 2, 0, 3, 3};
    for (int budget = 1; budget <= 12; budget++) {
      Selection s = selector().select(colours, budget, budget);
      int[] indices = s.indices();
      assertEquals(Math.min(budget, colours.length), s.size(), "budget " + budget);
      for (int k = 0; k < indices.length; k++) {
        assertTrue(indices[k] >= 0 && indices[k] < colours.length);
        assertTrue(k == 0 || indices[k] > indices[k - 1], Arrays.toString(indices));
        assertTrue(s.weights()[k] >= 1, "weights are inverse inclusion probabilities");
      }
    }
  }

  @Test
  void rejectsNonPositiveBudgetNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> selector().select(new int[3], 0, 1));
    assertEquals("budget must be >= 1 records, got 0", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> selector().select(new int[0], -2, 1));
  }

  @Test
  void emptyBlockGivesEmptySelection() {
    assertEquals(0, selector().select(new int[0], 5, 1).size());
  }

  @Test
  void estimatesA9aLogisticGradientWithoutBias() {
    List<Point> block = TestBlocks.a9a(500);
    int[] colours = TestBlocks.lrColouring().colours(block);
    int k = JointEntropy.distinct(colours);
    assertTrue(k > 5 && k < 50, "a9a block has " + k + " joint colours");
    double[][] x = logisticGradients(block);
    assertUnbiased(colours, x, 5); // budget < K: Horvitz-Thompson regime
    assertUnbiased(colours, x, 50); // budget >= K: water-filling regime
  }

  @Test
  void estimatesSumsWithoutBiasOnABlockWithManyRareColours() {
    int n = 300;
    int[] colours = new int[n];
    double[][] x = new double[n][];
    for (int i = 0; i < n; i++) {
      colours[i] = i < 100 ? 0 : 1 + (i - 100) / 2; // one big colour, 100 colours of 2 records
      x[i] = new double[] {1, Math.sin(i), 1 + i % 7, 3 * Math.cos(colours[i])};
    }
    assertEquals(101, JointEntropy.distinct(colours));
    assertUnbiased(colours, x, 20);
    assertUnbiased(colours, x, 150);
  }

  /** Fixed-model logistic-loss gradient of each record on the intercept and 5 frequent features. */
  static double[][] logisticGradients(List<Point> block) {
    java.util.Map<Integer, Integer> frequency = new java.util.HashMap<>();
    for (Point p : block) {
      for (int j : p.active()) {
        frequency.merge(j, 1, Integer::sum);
      }
    }
    int[] top =
        frequency.keySet().stream()
            .sorted(
                (a, b) ->
                    frequency.get(b).equals(frequency.get(a))
                        ? Integer.compare(a, b)
                        : frequency.get(b) - frequency.get(a))
            .limit(5)
            .mapToInt(Integer::intValue)
            .toArray();
    double[][] x = new double[block.size()][];
    for (int i = 0; i < x.length; i++) {
      Point p = block.get(i);
      double margin = -0.3;
      for (int j : p.active()) {
        margin += 0.5 * Math.sin(j);
      }
      double residual = 1 / (1 + Math.exp(-margin)) - (p.label() + 1) / 2;
      x[i] = new double[1 + top.length];
      x[i][0] = residual;
      for (int t = 0; t < top.length; t++) {
        int feature = top[t];
        x[i][1 + t] = Arrays.stream(p.active()).anyMatch(j -> j == feature) ? residual : 0;
      }
    }
    return x;
  }

  /** Monte Carlo over {@link #SEEDS} seeds: mean weighted estimate vs the true block sum. */
  void assertUnbiased(int[] colours, double[][] x, int budget) {
    int d = x[0].length;
    double[] truth = new double[d];
    for (double[] row : x) {
      for (int j = 0; j < d; j++) {
        truth[j] += row[j];
      }
    }
    double[] sum = new double[d];
    double[] sumSquares = new double[d];
    for (long seed = 0; seed < SEEDS; seed++) {
      Selection s = selector().select(colours, budget, seed);
      int[] indices = s.indices();
      double[] weights = s.weights();
      double[] estimate = new double[d];
      for (int k = 0; k < indices.length; k++) {
        for (int j = 0; j < d; j++) {
          estimate[j] += weights[k] * x[indices[k]][j];
        }
      }
      for (int j = 0; j < d; j++) {
        sum[j] += estimate[j];
        sumSquares[j] += estimate[j] * estimate[j];
      }
    }
    double errorSquared = 0;
    double seSquared = 0;
    double truthSquared = 0;
    for (int j = 0; j < d; j++) {
      double mean = sum[j] / SEEDS;
      double variance = Math.max(0, (sumSquares[j] - SEEDS * mean * mean) / (SEEDS - 1));
      double standardError = Math.sqrt(variance / SEEDS);
      double error = Math.abs(mean - truth[j]);
      assertTrue(
          error <= STANDARD_ERRORS * standardError + 1e-9 * (1 + Math.abs(truth[j])),
          String.format(
              "%s budget %d coordinate %d: mean %.4f vs truth %.4f, standard error %.4f",
              selector().name(), budget, j, mean, truth[j], standardError));
      errorSquared += error * error;
      seSquared += standardError * standardError;
      truthSquared += truth[j] * truth[j];
    }
    double relative = Math.sqrt(errorSquared / truthSquared);
    double relativeStandardError = Math.sqrt(seSquared / truthSquared);
    assertTrue(
        relative <= STANDARD_ERRORS * relativeStandardError && relative <= RELATIVE_ERROR,
        String.format(
            "%s budget %d: relative error %.4f, relative standard error %.4f",
            selector().name(), budget, relative, relativeStandardError));
  }
}
