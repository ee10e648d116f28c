package org.apache.spark.ui.flexcode;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import org.apache.spark.util.kvstore.KVIndex;
import org.flexcode.ui.internal.FitIteration;

/**
 * One iteration in the application's status store (a KVStore: kept in memory, or written as JSON by
 * a History Server with a disk store): keyed by fit and iteration, indexed by fit.
 */
public final class StoredIteration {

  /** The index of the fit key. */
  static final String FIT_INDEX = "fit";

  /** The natural key: the fit key and the zero-padded iteration. */
  @KVIndex public final String key;

  /** The fit key, indexed. */
  @KVIndex(FIT_INDEX)
  public final String fit;

  /** The iteration. */
  public final FitIteration iteration;

  /** The stored form of its three fields (as the disk store's JSON reads them back). */
  @JsonCreator
  public StoredIteration(
      @JsonProperty("key") String key,
      @JsonProperty("fit") String fit,
      @JsonProperty("iteration") FitIteration iteration) {
    this.key = key;
    this.fit = fit;
    this.iteration = iteration;
  }

  /** The stored form of {@code iteration}. */
  static StoredIteration of(FitIteration iteration) {
    return new StoredIteration(
        key(iteration.fit(), iteration.record().iteration()), iteration.fit(), iteration);
  }

  /** The natural key of iteration {@code iteration} (0-based) of fit {@code fit}. */
  static String key(String fit, int iteration) {
    return fit + "/" + String.format(Locale.ROOT, "%010d", iteration);
  }
}
