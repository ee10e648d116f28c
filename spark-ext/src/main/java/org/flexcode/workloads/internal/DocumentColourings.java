package org.flexcode.workloads.internal;

import org.flexcode.entropy.internal.Colouring;
import org.flexcode.entropy.internal.Colourings;
import org.flexcode.entropy.internal.FeatureFilters;

/**
 * The colouring shadow strategies use for documents: the dominant vocabulary bucket (term ids
 * hashed into 8 buckets, {@link FeatureFilters#dominantBucket}) and the length's quantile bin (3
 * bins of the token count), so a shadow's subset spans the block's vocabularies and lengths.
 */
public final class DocumentColourings {

  private DocumentColourings() {}

  /** Up to 9 x 3 = 27 joint colours per block (the ninth bucket: a document without words). */
  public static Colouring<Document> documents() {
    return Colourings.of(
        FeatureFilters.dominantBucket(Document::terms, Document::counts, 8),
        FeatureFilters.quantileBins(Document::tokens, 3));
  }
}
