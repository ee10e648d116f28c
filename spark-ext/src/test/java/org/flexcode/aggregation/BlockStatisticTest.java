package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BlockStatisticTest {

  /** (sum of x, sum of x^2, count): additive over records. */
  private static final BlockStatistic<Double, Double> MOMENTS =
      (model, iteration, block, records, out) -> {
        for (double x : records) {
          out[0] += model * x;
          out[1] += x * x;
          out[2] += 1;
        }
      };

  @Test
  void weightedAccumulationEqualsTheWeightedSumOfRecordStatistics() {
    List<Double> records = List.of(1.0, 2.0, 3.0, 4.0, 5.0);
    double[] weights = {2.5, 1.0, 2.5, 4.0, 1.0};
    double[] out = {10.0, 0.0, 0.0}; // adds to what is there
    MOMENTS.accumulateWeighted(2.0, 0, 0, records, weights, out);
    double sum = 0;
    double squares = 0;
    double count = 0;
    for (int k = 0; k < records.size(); k++) {
      sum += weights[k] * 2.0 * records.get(k);
      squares += weights[k] * records.get(k) * records.get(k);
      count += weights[k];
    }
    assertArrayEquals(new double[] {10.0 + sum, squares, count}, out, 1e-12);
  }

  @Test
  void rejectsWeightsThatDoNotMatchTheRecords() {
    assertThrows(
        IllegalArgumentException.class,
        () -> MOMENTS.accumulateWeighted(1.0, 0, 3, List.of(1.0), new double[2], new double[3]));
  }
}
