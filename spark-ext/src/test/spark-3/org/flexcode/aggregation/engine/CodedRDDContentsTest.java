package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.holdenkarau.spark.testing.JavaRDDComparisons;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.coding.GradientCode;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The coded RDD holds every input record exactly s+1 times (spark-testing-base's RDD comparisons;
 * this test is compiled in the default Spark 3.5 / Scala 2.12 build only, the one
 * spark-testing-base serves).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class CodedRDDContentsTest {

  @Test
  void holdsEveryRecordOncePerCopyOfItsBlock(JavaSparkContext jsc) {
    JavaRDD<Double> input = EngineTestSupport.data(jsc, 120, 6);
    GradientCode code = GradientCode.cyclicRepetition(6, 2);
    JavaRDD<Double> records =
        new CodedRDD<Double>(input.rdd(), code, ShadowSpec.NONE, null, new String[6])
            .toJavaRDD()
            .flatMap(block -> block.records().iterator());
    JavaRDDComparisons.assertRDDEquals(input.union(input).union(input), records);
    assertTrue(
        JavaRDDComparisons.compareRDD(input, records).isDefined(),
        "a single copy of the input differs from the coded records");
  }
}
