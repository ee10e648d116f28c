package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each workload's statistic names its trailing totals, which {@code auto} leaves out when it
 * measures how much the workers' gradients differ.
 */
@Tag("unit")
class StatisticTotalsTest {

  @Test
  void linearModelsEndInTheLossAndWeightSums() {
    var statistic = LinearStatistic.of(MarginLoss.logistic(), new double[] {1, 1, 1}, true);
    assertEquals(2, statistic.trailingTotals());
    assertEquals(LinearStatistic.dimension(3, 1, true) - 2, 3 + 1, "the gradient comes first");
  }

  @Test
  void matrixFactorizationEndsInCurvaturesObjectiveAndCount() {
    var statistic = MatrixFactorization.statistic(4, 5, 2, 0.1);
    assertEquals(4 + 5 + 2, statistic.trailingTotals());
    assertEquals(
        MatrixFactorization.dimension(4, 5, 2) - statistic.trailingTotals(),
        (4 + 5) * 2,
        "the parameters' gradient comes first");
  }

  @Test
  void ldaEndsInTheThetaSumsDocumentsTokensAndBound() {
    var statistic = OnlineLda.statistic(3);
    assertEquals(3 + 3, statistic.trailingTotals());
    assertEquals(OnlineLda.dimension(3, 7) - statistic.trailingTotals(), 3 * 7, "sstats first");
  }
}
