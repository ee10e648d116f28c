package org.flexcode.workloads.internal;

import org.flexcode.entropy.internal.Colouring;
import org.flexcode.entropy.internal.Colourings;
import org.flexcode.entropy.internal.FeatureFilters;

/**
 * The colouring shadow strategies use for ratings: the user's and the item's activity bins in the
 * block (4 bins each, {@link FeatureFilters#activityBins}) and the rating's quantile bin (3 bins),
 * so a shadow's subset spans heavy and light users and items and low and high ratings.
 */
public final class RatingColourings {

  private RatingColourings() {}

  /** Up to 4 x 4 x 3 = 48 joint colours per block. */
  public static Colouring<IndexedRating> ratings() {
    return Colourings.of(
        FeatureFilters.activityBins(IndexedRating::user, 4),
        FeatureFilters.activityBins(IndexedRating::item, 4),
        FeatureFilters.quantileBins(IndexedRating::rating, 3));
  }
}
