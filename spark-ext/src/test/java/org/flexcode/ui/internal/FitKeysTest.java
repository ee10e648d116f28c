package org.flexcode.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flexcode.monitoring.FlexCodeIterationEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class FitKeysTest {

  private static FlexCodeIterationEvent numbered(int fit, String workload, int iteration) {
    return new FlexCodeIterationEvent(
        workload,
        FlexCodePagesTest.record(iteration, "bsp", 10, List.of(), List.of(), "", true),
        0,
        fit,
        Map.of());
  }

  private static FlexCodeIterationEvent unnumbered(String workload, int iteration) {
    return new FlexCodeIterationEvent(
        workload,
        FlexCodePagesTest.record(iteration, "bsp", 10, List.of(), List.of(), "", true),
        0);
  }

  @Test
  void numberedEventsBelongToTheirEnginesFitEvenInterleaved() {
    FitKeys keys = new FitKeys();
    assertEquals("7", keys.keyOf(numbered(7, "lr", 0)));
    assertEquals("8", keys.keyOf(numbered(8, "lr", 0)));
    assertEquals("7", keys.keyOf(numbered(7, "lr", 1)));
  }

  @Test
  void unnumberedEventsStartANewFitWhenAWorkloadsIterationDoesNotGrow() {
    FitKeys keys = new FitKeys();
    List<String> seen = new ArrayList<>();
    seen.add(keys.keyOf(unnumbered("lr", 0)));
    seen.add(keys.keyOf(unnumbered("lr", 1)));
    seen.add(keys.keyOf(unnumbered("mf", 0)));
    seen.add(keys.keyOf(unnumbered("lr", 2)));
    seen.add(keys.keyOf(unnumbered("lr", 0)));
    seen.add(keys.keyOf(unnumbered("mf", 1)));
    assertEquals(List.of("u1", "u1", "u2", "u1", "u3", "u2"), seen);
  }

  @Test
  void listenerHandsEachIterationOnWithItsFitKey() {
    List<FitIteration> sink = new ArrayList<>();
    FitListener listener = new FitListener(sink::add);
    listener.onOtherEvent(numbered(5, "lr", 0));
    listener.onOtherEvent(new org.apache.spark.scheduler.SparkListenerLogStart("3.5.7"));
    assertEquals(1, sink.size());
    assertEquals("5", sink.get(0).fit());
    assertEquals("lr", sink.get(0).workload());
    assertEquals(1, sink.get(0).number());
  }
}
