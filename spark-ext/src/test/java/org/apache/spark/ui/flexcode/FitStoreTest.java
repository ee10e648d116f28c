package org.apache.spark.ui.flexcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.spark.util.kvstore.InMemoryStore;
import org.apache.spark.util.kvstore.KVStoreSerializer;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.ui.internal.FitIteration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("spark")
class FitStoreTest {

  private static FitIteration iteration(String fit, int iteration) {
    IterationRecord record =
        IterationRecord.builder(iteration, "steal")
            .times(100L * iteration, 100L * iteration + 40, 100L * iteration + 50)
            .finished(
                List.of(new TaskTiming(0, 0, "1", 100L * iteration, 100L * iteration + 30, 0, 0)))
            .used(List.of(0))
            .cancelled(List.of(1))
            .costs(0, 10, 5)
            .ids(1, 2)
            .build();
    return new FitIteration(fit, "lr", record, 3, Map.of(1, "2"));
  }

  @Test
  void keepsTheLastIterationsOfEachFitInIterationOrder() {
    FitStore store = new FitStore(new InMemoryStore());
    assertTrue(store.isEmpty());
    int total = FitStore.RETAINED + 5;
    for (int i = 0; i < total; i++) {
      store.write(iteration("1", i));
      if (i < 3) {
        store.write(iteration("2", i));
      }
    }
    assertFalse(store.isEmpty());
    List<FitIteration> first = store.fit("1");
    assertEquals(FitStore.RETAINED, first.size());
    assertEquals(6, first.get(0).number());
    assertEquals(total, first.get(first.size() - 1).number());
    for (int k = 1; k < first.size(); k++) {
      assertEquals(first.get(k - 1).number() + 1, first.get(k).number());
    }
    assertEquals(List.of(1, 2, 3), store.fit("2").stream().map(FitIteration::number).toList());
    assertEquals(FitStore.RETAINED + 3, store.all().size());
    assertEquals(List.of(), store.fit("3"));
    assertEquals(List.of(), store.fit(null));
  }

  @Test
  void storedIterationsReadBackFromTheDiskStoresJson() throws Exception {
    KVStoreSerializer serializer = new KVStoreSerializer();
    StoredIteration stored = StoredIteration.of(iteration("7", 12));
    StoredIteration read =
        serializer.deserialize(serializer.serialize(stored), StoredIteration.class);
    assertEquals(stored.key, read.key);
    assertEquals("7", read.fit);
    assertEquals(stored.iteration, read.iteration);
  }
}
