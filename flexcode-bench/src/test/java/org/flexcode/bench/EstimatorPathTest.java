package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.flexcode.stragglers.StragglerPattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class EstimatorPathTest {

  @Test
  void placesEachHistoryEntryAtTheEvaluationThatComputedIt() {
    // L-BFGS: the start, a rejected trial step (3.5), then one accepted evaluation per iteration.
    double[] evaluated = {1.6, 3.5, 1.2, 1.1, 1.05};
    double[] history = {1.6, 1.2, 1.1, 1.05};
    assertArrayEquals(new int[] {0, 2, 3, 4}, EstimatorPath.evaluationsOf(evaluated, history));
    assertNull(EstimatorPath.evaluationsOf(new double[0], history), "no evaluations heard");
  }

  @Test
  void anEntryWithoutItsValueTakesTheEvaluationAtItsIndex() {
    double[] evaluated = {1.6, 1.2, 1.1};
    assertArrayEquals(
        new int[] {0, 1, 2, 2}, EstimatorPath.evaluationsOf(evaluated, new double[] {9, 8, 7, 6}));
  }

  @Test
  void withoutEvaluationLossesTakesTheLatestEvaluationThatCanHaveComputedAnEntry() {
    // 5 evaluations, 4 entries: one extra line-search evaluation somewhere.
    assertArrayEquals(new int[] {1, 2, 3, 4}, EstimatorPath.latestEvaluations(5, 4));
    assertArrayEquals(new int[] {0, 1, 2}, EstimatorPath.latestEvaluations(3, 3));
  }

  @Test
  void theEstimatorPathRejectsStragglerPatterns() {
    EstimatorPath.checkPatterns("estimator", List.of(StragglerPattern.ideal()));
    EstimatorPath.checkPatterns("gd", List.of(StragglerPattern.parse("slow-task:p=0.2,max=2")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EstimatorPath.checkPatterns(
                    "estimator", List.of(StragglerPattern.parse("slow-task:p=0.2,max=2"))));
    assertTrue(e.getMessage().contains("--pattern slow-task"), e.getMessage());
  }
}
