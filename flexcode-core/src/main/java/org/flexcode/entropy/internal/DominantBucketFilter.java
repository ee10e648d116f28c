package org.flexcode.entropy.internal;

import java.util.Arrays;
import java.util.List;
import org.flexcode.entropy.internal.RecordFunctions.ToCounts;
import org.flexcode.entropy.internal.RecordFunctions.ToIndices;

/**
 * Level = the vocabulary bucket (term id hashed by {@link Mix#hash} mod buckets) holding the
 * largest total count of the document's words; ties go to the smaller bucket. A document with no
 * positive count gets the extra level {@code buckets}.
 */
final class DominantBucketFilter<T> implements FeatureFilter<T> {

  private static final long serialVersionUID = 1L;
  private static final long HASH_SEED = 0x5EED;

  private final ToIndices<T> termIds;
  private final ToCounts<T> termCounts;
  private final int buckets;

  DominantBucketFilter(ToIndices<T> termIds, ToCounts<T> termCounts, int buckets) {
    this.termIds = termIds;
    this.termCounts = termCounts;
    this.buckets = buckets;
  }

  /** The bucket of one term id. */
  int bucket(int termId) {
    return (int) Math.floorMod(Mix.hash(termId, HASH_SEED), (long) buckets);
  }

  @Override
  public int[] levels(List<T> block) {
    int[] levels = new int[block.size()];
    double[] mass = new double[buckets];
    for (int i = 0; i < levels.length; i++) {
      T doc = block.get(i);
      int[] ids = termIds.apply(doc);
      double[] counts = termCounts.apply(doc);
      if (ids.length != counts.length) {
        throw new IllegalArgumentException(
            "record " + i + " has " + ids.length + " term ids but " + counts.length + " counts");
      }
      Arrays.fill(mass, 0);
      for (int k = 0; k < ids.length; k++) {
        mass[bucket(ids[k])] += counts[k];
      }
      int best = buckets;
      double bestMass = 0;
      for (int b = 0; b < buckets; b++) {
        if (mass[b] > bestMass) {
          best = b;
          bestMass = mass[b];
        }
      }
      levels[i] = best;
    }
    return levels;
  }

  @Override
  public String name() {
    return "dominantBucket(" + buckets + ")";
  }
}
