package org.apache.spark.ui.flexcode;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.util.kvstore.KVStore;
import org.apache.spark.util.kvstore.KVStoreView;
import org.flexcode.ui.FitIteration;

/**
 * The FlexCode iterations of one application in its status store ({@code KVStore}): written by the
 * listener (live, or during the History Server's replay), read by the tab's pages.
 */
final class FitStore {

  private final KVStore store;

  FitStore(KVStore store) {
    this.store = store;
  }

  /** Stores {@code iteration}. */
  void write(FitIteration iteration) {
    try {
      store.write(StoredIteration.of(iteration));
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
