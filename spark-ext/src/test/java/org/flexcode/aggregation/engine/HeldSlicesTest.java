package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A held result kept in slices reads back any range of any of its sub-vectors, across slice bounds
 * too (a stale result read with another iteration's slicing), and reports a gone slice.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class HeldSlicesTest {

  static final int DIMENSION = 20;

  /** Slices [3, 8), [8, 15) and [18, 20): the gaps [0, 3) and [15, 18) become slices too. */
  record Cuts() implements SlicedDecode {
    private static final int[] FROM = {3, 8, 18};
    private static final int[] TO = {8, 15, 20};

    @Override
    public int slices() {
      return FROM.length;
    }

    @Override
    public int from(int slice) {
      return FROM[slice];
    }

    @Override
    public int to(int slice) {
      return TO[slice];
    }

    @Override
    public double[] reduce(int iteration, int slice, double[] sum) {
      return sum;
    }

    @Override
    public int outputLength(int slice) {
      return TO[slice] - FROM[slice];
    }
  }

  @Test
  void everyRangeOfEverySubVectorReadsBack(JavaSparkContext jsc) {
    HeldSlices slices = HeldSlices.of(jsc.sc(), new Cuts(), DIMENSION);
    assertArrayEquals(new int[] {0, 3, 8, 15, 18, 20}, slices.bounds());
    double[] values = new double[2 * DIMENSION];
    Random random = new Random(3);
    for (int d = 0; d < values.length; d++) {
      values[d] = random.nextDouble() < 0.5 ? 0 : random.nextGaussian();
    }
    PackedVector packed = PackedVector.pack(values);
    try {
      assertTrue(slices.put(7, packed));
      for (int sub = 0; sub < 2; sub++) {
        for (int from = 0; from < DIMENSION; from++) {
          for (int to = from + 1; to <= DIMENSION; to++) {
            double[] read = new double[to - from];
            assertTrue(slices.addRange(7, sub, from, 2.0, read));
            double[] expected = new double[to - from];
            packed.addScaledSliceTo(expected, sub * DIMENSION + from, 2.0);
            assertArrayEquals(expected, read, 0.0, "sub " + sub + " [" + from + ", " + to + ")");
          }
        }
      }
      assertFalse(slices.addRange(8, 0, 0, 1.0, new double[DIMENSION]), "no block 8 was kept");
    } finally {
      slices.removeAll(jsc.sc());
    }
  }
}
