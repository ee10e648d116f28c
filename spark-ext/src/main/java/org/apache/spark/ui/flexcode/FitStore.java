package org.apache.spark.ui.flexcode;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.util.kvstore.KVStore;
import org.apache.spark.util.kvstore.KVStoreView;
import org.flexcode.ui.internal.FitIteration;

/**
 * The FlexCode iterations of one application in its status store ({@code KVStore}): written by the
 * listener (live, or during the History Server's replay), read by the tab's pages. It keeps the
 * last {@link #RETAINED} iterations of each fit, so that the store stays bounded however long a fit
 * runs (as the engine keeps its last {@code spark.flexcode.history} records).
 */
final class FitStore {

  /** The iterations kept per fit. */
  static final int RETAINED = 1000;

  private final KVStore store;

  FitStore(KVStore store) {
    this.store = store;
  }

  /** Stores {@code iteration}, dropping its fit's iteration {@link #RETAINED} before it. */
  void write(FitIteration iteration) {
    try {
      store.write(StoredIteration.of(iteration));
      int dropped = iteration.record().iteration() - RETAINED;
      if (dropped >= 0) {
        store.delete(StoredIteration.class, StoredIteration.key(iteration.fit(), dropped));
      }
    } catch (NoSuchElementException e) {
      // already gone
    } catch (Exception e) {
      throw new IllegalStateException("cannot store FlexCode iteration " + iteration.number(), e);
    }
  }

  /** Every stored iteration, by fit and iteration. */
  List<FitIteration> all() {
    return read(view());
  }

  /** The iterations of fit {@code key}, in iteration order. */
  List<FitIteration> fit(String key) {
    if (key == null) {
      return List.of();
    }
    return read(view().index(StoredIteration.FIT_INDEX).first(key).last(key));
  }

  private KVStoreView<StoredIteration> view() {
    try {
      return store.view(StoredIteration.class);
    } catch (Exception e) {
      throw new IllegalStateException("cannot read FlexCode iterations", e);
    }
  }

  private static List<FitIteration> read(KVStoreView<StoredIteration> view) {
    List<FitIteration> iterations = new ArrayList<>();
    for (StoredIteration stored : view) {
      iterations.add(stored.iteration);
    }
    return iterations;
  }

  /** Whether no iteration is stored. */
  boolean isEmpty() {
    try {
      return store.count(StoredIteration.class) == 0;
    } catch (Exception e) {
      throw new IllegalStateException("cannot count FlexCode iterations", e);
    }
  }
}
