package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class CodedObjectiveTest {

  /** (model[0] x sum of values, count). */
  static final BlockStatistic<Double, double[]> SCALED_SUM =
      (model, iteration, block, records, out) -> {
        for (double v : records) {
          out[0] += model[0] * v;
          out[1] += 1;
        }
      };

  @Test
  void meansDivideByTheLastEntry() {
    assertArrayEquals(new double[] {2.0, 0.5}, CodedObjective.means(new double[] {8, 2, 4}), 0.0);
  }

  @Test
  void evaluatesThroughTheEngineAndRecordsEveryIteration(JavaSparkContext jsc) {
    JavaRDD<Double> data = jsc.parallelize(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0), 3);
    CodedObjective<Double, double[]> objective =
        CodedObjective.open(
            data,
            AggregationStrategy.parse("cyclic:s=1"),
            EngineTestSupport.options(),
            null,
            SCALED_SUM,
            2);
    try (objective) {
      assertEquals(6, objective.totalRecords());
      assertArrayEquals(new double[] {21, 6}, objective.evaluate(new double[] {1}).values(), 1e-9);
      assertArrayEquals(new double[] {42, 6}, objective.evaluate(new double[] {2}).values(), 1e-9);
      assertEquals(2, objective.records().size());
      assertEquals(1, objective.records().get(1).iteration());
    }
    assertThrows(IllegalStateException.class, () -> objective.evaluate(new double[] {1}));
  }
}
