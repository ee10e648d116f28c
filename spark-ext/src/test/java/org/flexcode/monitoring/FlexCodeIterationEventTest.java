package org.flexcode.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.apache.spark.util.JsonProtocol;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The event as Spark's event log writes and the History Server's replay reads it. */
@Tag("spark")
class FlexCodeIterationEventTest {

  private static final IterationRecord RECORD =
      IterationRecord.builder(3, "auto:exact=true")
          .times(1000, 1400, 1410)
          .finished(
              List.of(
                  new TaskTiming(0, 0, "0", 1010, 1100, 0, 0),
                  new TaskTiming(2, 1, "2", 1020, 1390, 5, 2)))
          .used(List.of(0, 2))
          .cancelled(List.of(1))
          .costs(12, 380, 4000)
          .failures(1, 0)
          .ids(7, 8)
          .estimated(Map.of(4, 1))
          .choice("mode=steal; reason")
          .stale(Map.of(2, 1))
          .recovery(0, 1, 0)
          .build();

  @Test
  void readsBackFromSparksEventLogJson() {
    FlexCodeIterationEvent event = new FlexCodeIterationEvent("lr", RECORD, 2, 4, Map.of(1, "1"));
    String json = JsonProtocol.sparkEventToJsonString(event);
    assertTrue(json.contains("\"Event\":\"" + FlexCodeIterationEvent.class.getName() + "\""), json);
    assertEquals(event, JsonProtocol.sparkEventFromJson(json));
  }

  @Test
  void readsEventsLoggedWithoutFitOrCancelledExecutors() throws Exception {
    String json =
        JsonProtocol.sparkEventToJsonString(
            new FlexCodeIterationEvent("lr", RECORD, 2, 4, Map.of()));
    ObjectNode older = (ObjectNode) new ObjectMapper().readTree(json);
    older.remove("fit");
    older.remove("cancelledOn");
    FlexCodeIterationEvent read =
        (FlexCodeIterationEvent) JsonProtocol.sparkEventFromJson(older.toString());
    assertEquals(new FlexCodeIterationEvent("lr", RECORD, 2), read);
    assertEquals(0, read.fit());
    assertEquals(Map.of(), read.cancelledOn());
  }
}
