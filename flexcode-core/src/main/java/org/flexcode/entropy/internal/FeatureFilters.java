package org.flexcode.entropy.internal;

import java.util.Objects;
import org.flexcode.entropy.internal.RecordFunctions.ToCounts;
import org.flexcode.entropy.internal.RecordFunctions.ToDouble;
import org.flexcode.entropy.internal.RecordFunctions.ToIndices;
import org.flexcode.entropy.internal.RecordFunctions.ToInt;

/**
 * The feature filters of FlexEnt (DESIGN.md section 3) for our record shapes: labelled points,
 * ratings and documents. Each filter reads records through a serializable accessor and fits itself
 * to the block it colours.
 */
public final class FeatureFilters {

  private FeatureFilters() {}

  /**
   * Colours by label: level = rank of the record's label among the block's distinct labels, so
   * labels -1/+1 give levels 0/1.
   */
  public static <T> FeatureFilter<T> label(ToDouble<T> label) {
    return new LabelFilter<>(Objects.requireNonNull(label, "label"));
  }

  /**
   * Colours by presence of a hashed feature bucket: level 1 if the record has an active index i
   * with hash_f(i) mod M == 0 (f = {@code filterNumber} seeds the hash), else 0. M is fitted to the
   * block so that about {@code targetRate} of the records are present: with a the block's mean
   * number of active indices, the start is M0 = max(1, round(1 / (1 - (1 - targetRate)^(1/a)))),
   * then M0, M0 + 1, M0 - 1, ... (up to 64 values, M >= 2) until the block's measured rate is
   * within 0.05 of the target (else the closest), because skewed real features (one frequent value
   * hashing to 0) can make the formula's M colour every record alike.
   *
   * @param filterNumber distinct numbers give independent filters
   * @param targetRate wanted fraction of records with level 1, in (0, 1)
   */
  public static <T> FeatureFilter<T> hashedPresence(
      ToIndices<T> activeIndices, int filterNumber, double targetRate) {
    if (!(targetRate > 0 && targetRate < 1)) {
      throw new IllegalArgumentException("targetRate must be in (0, 1), got " + targetRate);
    }
    return new HashedPresenceFilter<>(
        Objects.requireNonNull(activeIndices, "activeIndices"), filterNumber, targetRate);
  }

  /**
   * Colours by the block-quantile bin of a numeric value: cut points are the block's j/bins
   * quantiles (j = 1..bins-1); tied cut points merge, so heavy ties give fewer, still non-empty,
   * bins. NaN values get a level of their own.
   */
  public static <T> FeatureFilter<T> quantileBins(ToDouble<T> value, int bins) {
    return new QuantileBinFilter<>(Objects.requireNonNull(value, "value"), checkBins(bins));
  }

  /**
   * Colours ratings by activity: counts the block's records of each key (user or item id) and
   * colours a record by the quantile bin (over the block's records) of its key's count.
   */
  public static <T> FeatureFilter<T> activityBins(ToInt<T> key, int bins) {
    return new ActivityBinFilter<>(Objects.requireNonNull(key, "key"), checkBins(bins));
  }

  /**
   * Colours documents by dominant vocabulary bucket: term ids are hashed into {@code buckets}
   * buckets and a document's level is the bucket holding the largest total count of its words (ties
   * to the smaller bucket; a document without words gets level {@code buckets}).
   */
  public static <T> FeatureFilter<T> dominantBucket(
      ToIndices<T> termIds, ToCounts<T> termCounts, int buckets) {
    if (buckets < 1) {
      throw new IllegalArgumentException("buckets must be >= 1, got " + buckets);
    }
    return new DominantBucketFilter<>(
        Objects.requireNonNull(termIds, "termIds"),
        Objects.requireNonNull(termCounts, "termCounts"),
        buckets);
  }

  private static int checkBins(int bins) {
    if (bins < 1) {
      throw new IllegalArgumentException("bins must be >= 1, got " + bins);
    }
    return bins;
  }
}
