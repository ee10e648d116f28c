package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.flexcode.entropy.internal.TestBlocks.Point;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class FeatureFiltersTest {

  private static List<Double> values(double... v) {
    return Arrays.stream(v).boxed().toList();
  }

  @Test
  void labelLevelsAreRanksOfDistinctLabels() {
    FeatureFilter<Double> label = FeatureFilters.label(x -> x);
    assertArrayEquals(new int[] {0, 2, 2, 0, 1}, label.levels(values(-1, 1, 1, -1, 0.5)));
    assertArrayEquals(new int[] {0, 0}, label.levels(values(-0.0, 0.0)));
  }

  @Test
  void quantileBinsCutAtBlockQuantilesAndMergeTies() {
    FeatureFilter<Double> bins = FeatureFilters.quantileBins(x -> x, 4);
    // sorted 1 2 3 3 3 5 7 9: quantile cut points s[2]=3, s[4]=3, s[6]=7 -> distinct {3, 7}
    assertArrayEquals(
        new int[] {1, 0, 1, 1, 1, 2, 2, 0}, bins.levels(values(5, 1, 3, 3, 3, 9, 7, 2)));
    assertArrayEquals(new int[] {0, 0, 0}, bins.levels(values(4, 4, 4)));
    assertArrayEquals(new int[] {0, 2, 1}, bins.levels(values(1, Double.NaN, 2)));
    assertArrayEquals(new int[0], bins.levels(values()));
  }

  @Test
  void quantileBinsAreBalancedOnDistinctValues() {
    List<Double> block = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      block.add((double) ((i * 37) % 100));
    }
    int[] levels = FeatureFilters.<Double>quantileBins(x -> x, 4).levels(block);
    int[] counts = new int[4];
    for (int level : levels) {
      counts[level]++;
    }
    assertArrayEquals(new int[] {25, 25, 25, 25}, counts);
  }

  @Test
  void activityBinsColourByTheQuantileOfTheKeysRecordCount() {
    FeatureFilter<Integer> activity = FeatureFilters.activityBins(key -> key, 2);
    // key counts per record 3 3 3 2 2 1; sorted 1 2 2 3 3 3; cut point s[3] = 3
    assertArrayEquals(new int[] {1, 1, 1, 0, 0, 0}, activity.levels(List.of(7, 7, 7, 3, 3, 5)));
  }

  @Test
  void dominantBucketIsTheBucketWithTheLargestTotalCount() {
    int buckets = 8;
    DominantBucketFilter<double[][]> filter =
        (DominantBucketFilter<double[][]>)
            FeatureFilters.<double[][]>dominantBucket(d -> toInts(d[0]), d -> d[1], buckets);
    int p = 0;
    int q = 1;
    while (filter.bucket(q) != filter.bucket(p)) {
      q++;
    }
    int s = 1;
    while (filter.bucket(s) == filter.bucket(p)) {
      s++;
    }
    // p and q share a bucket: 2 + 2 beats s's 3 alone
    double[][] doc = {{p, s, q}, {2, 3, 2}};
    double[][] other = {{p, s, q}, {1, 3, 1}};
    double[][] empty = {{}, {}};
    int[] levels = filter.levels(List.of(doc, other, empty));
    assertArrayEquals(new int[] {filter.bucket(p), filter.bucket(s), buckets}, levels);
  }

  private static int[] toInts(double[] values) {
    return Arrays.stream(values).mapToInt(v -> (int) v).toArray();
  }

  @Test
  void hashedPresenceModulusFollowsTheTargetRateFormula() {
    // 1 / (1 - 0.5^(1/20)) = 29.36
    assertEquals(29, HashedPresenceFilter.modulus(20, 0.5));
    assertEquals(1, HashedPresenceFilter.modulus(0, 0.5));
    assertEquals(1, HashedPresenceFilter.modulus(1, 0.9));
  }

  @Test
  void hashedPresenceRateIsNearTheTargetOnASyntheticBlock() {
    SplittableRandom random = new SplittableRandom(7);
    List<Point> block = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      int[] active = random.ints(20, 0, 1_000_000).toArray();
      block.add(new Point(0, active));
    }
    for (double target : new double[] {0.2, 0.5, 0.8}) {
      for (int f = 0; f < 3; f++) {
        int[] levels = FeatureFilters.hashedPresence(Point::active, f, target).levels(block);
        double rate = Arrays.stream(levels).average().orElse(0);
        assertEquals(target, rate, 0.04, "filter " + f + " target " + target);
      }
    }
    int[] first = FeatureFilters.hashedPresence(Point::active, 0, 0.5).levels(block);
    int[] second = FeatureFilters.hashedPresence(Point::active, 1, 0.5).levels(block);
    assertFalse(Arrays.equals(first, second), "filter numbers seed independent hashes");
  }

  @Test
  void hashedPresenceSplitsRealBlocksIntoBothLevels() {
    for (List<Point> block : List.of(TestBlocks.a9a(2000), TestBlocks.avazu(2000))) {
      for (int f = 0; f < 3; f++) {
        double rate =
            Arrays.stream(FeatureFilters.hashedPresence(Point::active, f, 0.5).levels(block))
                .average()
                .orElse(0);
        assertTrue(rate > 0.05 && rate < 0.95, "filter " + f + " rate " + rate);
      }
    }
  }

  @Test
  void rejectsBadParametersNamingThem() {
    IllegalArgumentException rate =
        assertThrows(
            IllegalArgumentException.class,
            () -> FeatureFilters.<Point>hashedPresence(Point::active, 0, 1.0));
    assertEquals("targetRate must be in (0, 1), got 1.0", rate.getMessage());
    IllegalArgumentException bins =
        assertThrows(
            IllegalArgumentException.class, () -> FeatureFilters.<Double>quantileBins(x -> x, 0));
    assertEquals("bins must be >= 1, got 0", bins.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> FeatureFilters.<Point>dominantBucket(Point::active, p -> new double[0], 0));
    assertNotEquals(
        FeatureFilters.<Double>quantileBins(x -> x, 3).name(),
        FeatureFilters.<Double>quantileBins(x -> x, 4).name());
  }
}
