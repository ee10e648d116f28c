package org.flexcode.entropy.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.flexcode.entropy.internal.RecordFunctions.ToDouble;
import org.flexcode.entropy.internal.RecordFunctions.ToIndices;

/**
 * Joint colourings: a record's joint colour is the tuple of the colours its feature filters give
 * it, and tuples are numbered densely 0..K-1 in order of first appearance in the block (so the
 * numbering is deterministic in the block's contents and order).
 */
public final class Colourings {

  /** Number of hashed-presence filters the LR default colouring uses next to the label. */
  public static final int DEFAULT_BUCKET_FILTERS = 3;

  private Colourings() {}

  /** The joint colouring of {@code filters} (at least one). */
  public static <T> Colouring<T> of(List<FeatureFilter<T>> filters) {
    Objects.requireNonNull(filters, "filters");
    if (filters.isEmpty()) {
      throw new IllegalArgumentException("a colouring needs at least one feature filter, got none");
    }
    List<FeatureFilter<T>> copy = new ArrayList<>(filters.size());
    for (int f = 0; f < filters.size(); f++) {
      copy.add(Objects.requireNonNull(filters.get(f), "filter " + f));
    }
    return new JointColouring<>(copy);
  }

  /** The joint colouring of {@code filters} (at least one). */
  @SafeVarargs
  @SuppressWarnings("varargs") // the array only becomes an immutable list
  public static <T> Colouring<T> of(FeatureFilter<T>... filters) {
    return of(List.of(filters));
  }

  /**
   * Labelled points: the label filter plus {@code bucketFilters} hashed-presence filters (filter
   * numbers 0..bucketFilters-1, target rate 0.5), at most 2^(bucketFilters) joint colours per
   * label.
   */
  public static <T> Colouring<T> labelAndBuckets(
      ToDouble<T> label, ToIndices<T> activeIndices, int bucketFilters) {
    if (bucketFilters < 0) {
      throw new IllegalArgumentException("bucketFilters must be >= 0, got " + bucketFilters);
    }
    List<FeatureFilter<T>> filters = new ArrayList<>();
    filters.add(FeatureFilters.label(label));
    for (int f = 0; f < bucketFilters; f++) {
      filters.add(FeatureFilters.hashedPresence(activeIndices, f, 0.5));
    }
    return of(filters);
  }

  /**
   * Labelled points, our LR default: label plus {@value #DEFAULT_BUCKET_FILTERS} bucket filters.
   */
  public static <T> Colouring<T> labelAndBuckets(ToDouble<T> label, ToIndices<T> activeIndices) {
    return labelAndBuckets(label, activeIndices, DEFAULT_BUCKET_FILTERS);
  }
}
